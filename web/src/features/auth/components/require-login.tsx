import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useActiveState } from '../api/get-active-state';
import { LoginPanel } from './login-panel';
import { loginHref, placeOf } from '@/lib/return-url';
import { servedLoggedIn } from '@/lib/session-hint';

/**
 * Routes that need a logged-in user (docs/product/site.md §6). By default a visitor is sent to the login page and returns
 * afterwards. `inPlace` keeps the address and shows the login panel where the page would be (the account area: its
 * documented redirects, like /account/alerts → /account/scheduled-pdf-reports, then end where they should, and
 * logging in reloads the page the visitor asked for). While the active state is on its way, a page the server served to a
 * visitor already shows the login form (or goes to the login page), not 'Loading…'.
 */
export function RequireLogin({ children, inPlace = false }: { children: ReactNode; inPlace?: boolean }) {
  const location = useLocation();
  const { data, isPending } = useActiveState();
  if (isPending && servedLoggedIn() !== false) return <p className="page">Loading…</p>;
  if (!data?.user.isLoggedIn) {
    const returnUrl = placeOf(location);
    if (inPlace)
      return (
        <section className="page page--narrow" data-testid="login-required">
          <LoginPanel returnUrl={returnUrl} />
        </section>
      );
    return <Navigate to={loginHref(returnUrl)} replace />;
  }
  return <>{children}</>;
}
