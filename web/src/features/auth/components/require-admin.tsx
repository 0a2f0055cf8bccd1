import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useActiveState } from '../api/get-active-state';

/**
 * Admin-only pages (/components, /icons) send everyone else, visitors included, to the home page (docs/product/site.md
 * §6). The pages hold no data: the API's own 'admin' access level guards anything that matters.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, isPending } = useActiveState();
  if (isPending) return <p className="page">Loading…</p>;
  if (!data?.user.isLoggedIn || !data.user.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
