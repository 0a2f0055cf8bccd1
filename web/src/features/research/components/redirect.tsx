import { Navigate, useLocation } from 'react-router';

/** A client-side redirect that keeps the query string (/seo?query=a.com → /seo/overview?query=a.com). */
export function RedirectKeepingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}
