import type { RouteObject } from 'react-router';
import { TeamPage } from './components/team-page';

/** Children of /account: team management and its documented alias. */
export const teamAccountRoutes: RouteObject[] = [
  { path: 'teammanagement', element: <TeamPage /> },
  { path: 'users-added', element: <TeamPage /> },
];
