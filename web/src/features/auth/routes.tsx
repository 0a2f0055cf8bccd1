import type { RouteObject } from 'react-router';
import { AddUsersPage } from './components/add-users-page';
import { ForgotPasswordPage, FreeAccountPage, LoginPage, LogOutPage, ResetPasswordPage } from './components/auth-pages';
import { RequireLogin } from './components/require-login';

export const authRoutes: RouteObject[] = [
  { path: 'auth/login', element: <LoginPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'auth/forgotpassword', element: <ForgotPasswordPage /> },
  { path: 'auth/resetpassword', element: <ResetPasswordPage /> },
  { path: 'auth/logout', element: <LogOutPage /> },
  { path: 'freeaccount', element: <FreeAccountPage /> },
  {
    path: 'add-users',
    element: (
      <RequireLogin>
        <AddUsersPage />
      </RequireLogin>
    ),
  },
];
