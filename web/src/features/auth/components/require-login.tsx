import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useActiveState } from '../api/get-active-state';

/** Routes that need a logged-in user send a visitor to the login page, returning afterwards (01-product.md §6). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data, isPending } = useActiveState();
  if (isPending) return <p className="page">Loading…</p>;
  if (!data?.user.isLoggedIn) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/login?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <>{children}</>;
}
