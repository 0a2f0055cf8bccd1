import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sendsToSlowDown, slowScrapingTarget } from './slow-scraping';

/**
 * Mounted by the layout: when a research query of the page is refused for going too fast (429 with the
 * slow-the-scraping path), the user is sent to that page, which can bring them back (returnUrl) once the wait is over.
 * Not for the footer's site figures, and never away from the pages that get a visitor out of the limit (sendsToSlowDown).
 */
export function useSlowScrapingRedirect(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!sendsToSlowDown(event.query.queryKey, here.current)) return;
        const target = slowScrapingTarget(event.action.error, here.current);
        if (target) void navigate(target, { replace: true });
      }),
    [client, navigate],
  );
}
