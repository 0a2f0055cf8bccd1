import { Navigate, type RouteObject } from 'react-router';
import { useActiveState } from '@/features/auth';
import { CompetitorProjectsPage } from './components/competitor-projects-page';
import { LiveRankingDetailsPage, LiveRankingPage } from './components/live-ranking-page';
import { ReconEditPage } from './components/recon-edit-page';
import { ReconListPage, ReconProductPage } from './components/recon-list-page';
import { ReconWizardPage } from './components/recon-wizard-page';
import './recon.css';

/**
 * /new-project and /new-project/2 (docs/product/site.md §2): the server redirects them to /hq or home; a link inside the app goes to
 * /hq with the side panel open at create-project (the project creation flow of docs/product/projects.md §6 "Start Tracking").
 */
function NewProjectRedirect() {
  const { data, isPending } = useActiveState();
  if (isPending) return null;
  return <Navigate to={data?.user.isLoggedIn ? '/hq?msf=create-project' : '/'} replace />;
}

const wizardRoutes = (['seo', 'ppc'] as const).flatMap((type) => [
  { path: `recon/create/${type}`, element: <ReconWizardPage type={type} /> },
  { path: `recon/create/${type}/:step`, element: <ReconWizardPage type={type} /> },
]);

/** Recon reports (docs/product/projects.md §2), /competitor-projects and the /new-project redirects. */
export const reconRoutes: RouteObject[] = [
  { path: 'recon', element: <ReconListPage /> },
  { path: 'recon/edit', element: <ReconEditPage /> },
  ...wizardRoutes,
  // The create routes fall back to /custom-reports (docs/product/projects.md §2).
  { path: 'recon/create/*', element: <Navigate to="/custom-reports" replace /> },
  { path: 'recon/live-ranking/:id', element: <LiveRankingPage /> },
  { path: 'recon/live-ranking-details/:reportId/:termId', element: <LiveRankingDetailsPage /> },
  { path: 'recon/:product', element: <ReconProductPage /> },
  { path: 'competitor-projects', element: <CompetitorProjectsPage /> },
  { path: 'new-project', element: <NewProjectRedirect /> },
  { path: 'new-project/2', element: <NewProjectRedirect /> },
];
