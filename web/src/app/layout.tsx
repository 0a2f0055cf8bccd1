import { findTerritory, serverErrorPagePath } from '@serpwise/contracts';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NotificationStack } from '@/components/ui/notification-stack';
import { useActiveState, useSessionWatch } from '@/features/auth';
import { isOnboardingPath } from '@/features/onboarding';
import { useSlowScrapingRedirect } from '@/features/paywall';
import { ProjectPanelProvider, SidePanel } from '@/features/projects';
import { competitorsLoginRedirect, DomainAsKeywordMessage } from '@/features/search';
import { currentCountryCode, setCountryCode } from '@/lib/country';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './lazy-page';
import './layout.css';

/** docs/product/site.md §2: page transitions fade in (350 ms by default). */
export const pageFadeMs = 350;

/**
 * A search in another territory loads its overview with ?countryCode= (docs/product/site.md §4): the page adopts that territory as the
 * user's research territory, so later searches and calls use it.
 */
function useTerritoryFromAddress(search: string) {
  useEffect(() => {
    const code = new URLSearchParams(search).get('countryCode');
    const territory = code ? findTerritory(code) : undefined;
    if (territory && territory.code !== currentCountryCode()) setCountryCode(territory.code);
  }, [search]);
}

/** Fades the page in on each new path, without remounting it. */
function useFade(pathname: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof element.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: pageFadeMs, easing: 'ease-out' });
  }, [pathname]);
  return ref;
}

export function Layout() {
  useSessionWatch();
  useSlowScrapingRedirect();
  const location = useLocation();
  const navigate = useNavigate();
  const { data } = useActiveState();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const main = useFade(location.pathname);
  useTerritoryFromAddress(location.search);

  useEffect(() => {
    if (!data) return;
    // docs/product/site.md §4: a seo/keywords/domain request with competitors needs login; a server-error flag opens the error page.
    const login = competitorsLoginRedirect(location.pathname, location.search, isLoggedIn);
    if (login) void navigate(login, { replace: true });
    else if (data.user.isErrorPage && location.pathname !== serverErrorPagePath) void navigate(serverErrorPagePath, { replace: true });
  }, [data, isLoggedIn, location.pathname, location.search, navigate]);

  return (
    <ProjectPanelProvider>
      <div className="app">
        <Header />
        <main className="app__main" ref={main}>
          <DomainAsKeywordMessage />
          <PageErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<p className="page page-loading">Loading…</p>}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <Footer />
        {/* A user being onboarded has no projects area yet: onboarding makes the first project. */}
        {!isOnboardingPath(location.pathname) && <SidePanel />}
        <NotificationStack />
      </div>
    </ProjectPanelProvider>
  );
}
