import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useActiveState } from '@/features/auth';
import { scraperPaywallRedirect } from './paywall-rules';
import { placeOf } from '@/lib/return-url';

/**
 * On a research page: when the scraper paywall is on, a non-full user is sent to the paywall page, which can bring
 * them back after login (returnUrl). Returns true while the page should not render its data.
 */
export function useScraperPaywall(): boolean {
  const { data } = useActiveState();
  const navigate = useNavigate();
  const location = useLocation();
  const target = data ? scraperPaywallRedirect(data.user, data.tracking) : null;
  useEffect(() => {
    if (!target) return;
    const returnUrl = placeOf(location);
    const [path, hash] = target.split('#');
    void navigate({ pathname: path, search: `?returnUrl=${encodeURIComponent(returnUrl)}`, hash: hash ? `#${hash}` : '' }, { replace: true });
  }, [target, navigate, location]);
  return target !== null;
}
