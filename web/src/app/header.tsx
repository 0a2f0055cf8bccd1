import { useContext, useEffect, useRef, useState } from 'react';
import { Link, NavLink, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';
import type { UserState } from '@serpwise/contracts';
import { Flag } from '@/components/ui/country-selector/flag';
import { useDismiss } from '@/components/ui/use-dismiss';
import { LogOutForm, useActiveState } from '@/features/auth';
import { JobsButton } from '@/features/jobs';
import { CrossPromo } from '@/features/promo';
import { readLastSearches, sectionHref } from '@/features/search';
import { currentCountryCode } from '@/lib/country';
import { AccountMenu } from './account-menu';
import { ApiNavigation } from '@/features/marketing';
import { isOnboardingPath } from '@/features/onboarding';
import { headerLinks, isActivePath, isForAudience, navCollapseDelayMs, primarySections, type NavItem, type NavSection } from './navigation';
import { useHideOnScroll } from './use-hide-on-scroll';
import './header.css';
import { loginHref, placeOf, signUpHref, useHere } from '@/lib/return-url';

/** True when a matched route carries the flag in its handle (route meta, e.g. showApiNavigation). */
function useRouteFlag(flag: string): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  return state?.matches.some((match) => (match.route.handle as Record<string, unknown> | undefined)?.[flag] === true) ?? false;
}

/** Research links carry the last search of their kind, or the current one (docs/product/site.md §4). */
function useHref() {
  const location = useLocation();
  const query = new URLSearchParams(location.search).get('query');
  return (item: { to: string; research?: boolean }) =>
    item.research ? sectionHref(item.to, { pathname: location.pathname, query }, readLastSearches()) : item.to;
}

function ItemLink({ item, href, onNavigate }: { item: NavItem; href: string; onNavigate?: () => void }) {
  const content = (
    <>
      <span className="nav-item__label">
        {item.label}
        {item.isNew && <span className="nav-item__new">New</span>}
      </span>
      {item.description && <span className="nav-item__description">{item.description}</span>}
    </>
  );
  if (item.newTab) {
    return (
      <a className="nav-item" href={href} target="_blank" rel="noopener" onClick={onNavigate}>
        {content}
      </a>
    );
  }
  return (
    <Link className="nav-item" to={href} onClick={onNavigate}>
      {content}
    </Link>
  );
}

const visibleItems = (section: NavSection, country: string) => (section.items ?? []).filter((item) => !item.usOnly || country === 'US');

/** A section of the primary navigation: a link, or a menu that stays open 500 ms after the pointer leaves it. */
function SectionMenu({ section, country }: { section: NavSection; country: string }) {
  const location = useLocation();
  // Open on the page where it was opened: a navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.pathname;
  const setOpen = (value: boolean | ((open: boolean) => boolean)) =>
    setOpenAt((current) => ((typeof value === 'function' ? value(current === location.pathname) : value) ? location.pathname : null));
  const closeTimer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLLIElement>(null);
  const href = useHref();
  const items = visibleItems(section, country);
  const active = section.to ? isActivePath(location.pathname, section.to) : items.some((item) => isActivePath(location.pathname, item.to));

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useDismiss(open, root, () => setOpenAt(null));

  if (section.to) {
    return (
      <li className="primary-nav__section">
        <NavLink to={href({ to: section.to, research: section.research })} className={`primary-nav__link ${active ? 'primary-nav__link--active' : ''}`}>
          {section.label}
        </NavLink>
      </li>
    );
  }

  const keepOpen = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const collapseLater = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), navCollapseDelayMs);
  };

  return (
    <li className="primary-nav__section" ref={root} onMouseEnter={keepOpen} onMouseLeave={collapseLater}>
      <button
        type="button"
        className={`primary-nav__link primary-nav__toggle ${active ? 'primary-nav__link--active' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {section.label}
      </button>
      {open && (
        <div className="primary-nav__menu" role="group" aria-label={section.label}>
          {items.map((item) => (
            <ItemLink key={item.to} item={item} href={href(item)} onNavigate={() => setOpen(false)} />
          ))}
        </div>
      )}
    </li>
  );
}

/** The primary navigation sections of docs/product/site.md §2 (desktop). */
export function PrimaryNavigation({ isLoggedIn }: { isLoggedIn: boolean }) {
  const country = currentCountryCode();
  return (
    <nav className="primary-nav" aria-label="Tools">
      <ul className="primary-nav__sections">
        {primarySections
          .filter((section) => isForAudience(section, isLoggedIn))
          .map((section) => (
            <SectionMenu key={section.id} section={section} country={country} />
          ))}
      </ul>
    </nav>
  );
}

/** docs/product/site.md §2: the hamburger menu of small screens: Tools, Blog, API, Upgrade or Pricing, Account, Log out, Log in, 'Sign up for FREE'. */
function MobileNavigation({ user, crossPromo, onNavigate }: { user: UserState | undefined; crossPromo: boolean; onNavigate: () => void }) {
  const [toolsOpen, setToolsOpen] = useState(false);
  const href = useHref();
  const here = useHere();
  const country = currentCountryCode();
  const isLoggedIn = user?.isLoggedIn ?? false;
  return (
    <nav className="mobile-nav" id="mobile-nav" aria-label="Menu">
      <button type="button" className="mobile-nav__row mobile-nav__tools" aria-expanded={toolsOpen} onClick={() => setToolsOpen((value) => !value)}>
        Tools
      </button>
      {toolsOpen && (
        <div className="mobile-nav__sections">
          {primarySections
            .filter((section) => isForAudience(section, isLoggedIn))
            .map((section) =>
              section.to ? (
                <Link key={section.id} className="mobile-nav__sub" to={href({ to: section.to, research: section.research })} onClick={onNavigate}>
                  {section.label}
                </Link>
              ) : (
                <div key={section.id} className="mobile-nav__group">
                  <p className="mobile-nav__group-title">{section.label}</p>
                  {visibleItems(section, country).map((item) =>
                    item.newTab ? (
                      <a key={item.to} className="mobile-nav__sub" href={href(item)} target="_blank" rel="noopener" onClick={onNavigate}>
                        {item.label}
                      </a>
                    ) : (
                      <Link key={item.to} className="mobile-nav__sub" to={href(item)} onClick={onNavigate}>
                        {item.label}
                      </Link>
                    ),
                  )}
                </div>
              ),
            )}
        </div>
      )}
      {crossPromo && (
        // Small screens have no room for the promo tooltip: the sister product is a menu entry instead.
        <a className="mobile-nav__row mobile-nav__promo" href={`/sendUserToRivalFlow?page=menu&sfu=${encodeURIComponent(user?.userId ?? 'free')}`} target="_blank" rel="noopener">
          AI Content Assistant <span className="nav-item__new">New</span>
        </a>
      )}
      <Link className="mobile-nav__row" to={headerLinks.blog} onClick={onNavigate}>
        Blog
      </Link>
      <Link className="mobile-nav__row" to={headerLinks.api} onClick={onNavigate}>
        API
      </Link>
      {isLoggedIn && !user?.isFullUser && (
        <Link className="mobile-nav__row" to="/upgrade" onClick={onNavigate}>
          Upgrade
        </Link>
      )}
      {!isLoggedIn && (
        <Link className="mobile-nav__row" to={headerLinks.pricing} onClick={onNavigate}>
          Pricing
        </Link>
      )}
      {isLoggedIn ? (
        <>
          <Link className="mobile-nav__row" to="/account/settings" onClick={onNavigate}>
            Account
          </Link>
          <LogOutForm className="mobile-nav__row">Log out</LogOutForm>
        </>
      ) : (
        <>
          <Link className="mobile-nav__row" to={loginHref(here)} onClick={onNavigate}>
            Log in
          </Link>
          <Link className="mobile-nav__row mobile-nav__signup" to={signUpHref(here)} onClick={onNavigate}>
            Sign up for FREE
          </Link>
        </>
      )}
    </nav>
  );
}

/** docs/product/site.md §2 "an Australia region slot swaps content by country". */
function RegionSlot({ country }: { country: string }) {
  if (country !== 'AU') return null;
  return (
    <p className="region-slot">
      <Flag icon="au" /> Australian rankings refreshed every week
    </p>
  );
}

/**
 * Site header (docs/product/site.md §2): logo; What's New, Blog, API and Pricing (hidden for full users); the cross-promo;
 * the account dropdown or the guest Log in / sign-up pair; the hamburger on small screens; the primary navigation.
 * It slides away when the page scrolls down past 200 px and comes back on the way up. Onboarding has the simplified
 * one (docs/product/site.md §2).
 */
export function Header() {
  const { pathname } = useLocation();
  return isOnboardingPath(pathname) ? <SimplifiedHeader /> : <FullHeader />;
}

/**
 * The onboarding header (docs/product/account-exports-reports.md §2 "a simplified header"): the same bar with the logo and a way to log
 * out, no navigation (a user being onboarded is sent back to it from every other page).
 */
function SimplifiedHeader() {
  const { data } = useActiveState();
  return (
    <header className="site-header site-header--simplified">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label="Serpwise home">
          <img src="/favicon.svg" alt="" width={28} height={28} /> Serpwise
        </Link>
        <div className="site-header__account">{data?.user.isLoggedIn && <LogOutForm className="button button--ghost">Log out</LogOutForm>}</div>
      </div>
    </header>
  );
}

function FullHeader() {
  const { data } = useActiveState();
  const user = data?.user;
  const isLoggedIn = user?.isLoggedIn ?? false;
  const location = useLocation();
  const here = placeOf(location);
  // The mobile menu closes on navigation: it is open for the page it was opened on.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);
  const hidden = useHideOnScroll(!menuOpen);
  // Escape or a press outside the header closes the mobile menu, as every menu does (issue 24).
  const headerRoot = useRef<HTMLElement>(null);
  useDismiss(menuOpen, headerRoot, () => setMenuOpenAt(null));
  const showApiNavigation = useRouteFlag('showApiNavigation');
  // The row of the header the promotion's panel opens in (a callback ref: known once mounted).
  const [promoSlot, setPromoSlot] = useState<HTMLDivElement | null>(null);
  const country = currentCountryCode();

  return (
    <header ref={headerRoot} className={`site-header ${hidden ? 'site-header--hidden' : ''}`} data-hidden={hidden}>
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label="Serpwise home">
          <img src="/favicon.svg" alt="" width={28} height={28} /> Serpwise
        </Link>
        <nav aria-label="Site" className="site-header__nav">
          <NavLink to={headerLinks.whatsNew}>What&apos;s New</NavLink>
          <NavLink to={headerLinks.blog}>Blog</NavLink>
          <NavLink to={headerLinks.api}>API</NavLink>
          {!user?.isFullUser && <NavLink to={headerLinks.pricing}>Pricing</NavLink>}
        </nav>
        <RegionSlot country={country} />
        {/* Beside the account menu, and on phones beside the menu button (the account area folds into the menu there). */}
        {isLoggedIn && user && (
          <div className="site-header__jobs">
            <JobsButton />
          </div>
        )}
        <div className="site-header__account">
          {data?.tracking.enableRivalFlowCrossPromo && <CrossPromo isLoggedIn={isLoggedIn} userId={user?.userId ?? null} slot={promoSlot} />}
          {isLoggedIn && user ? (
            <AccountMenu user={user} />
          ) : user ? (
            <>
              <Link to={loginHref(here)} className="button button--ghost">
                Log in
              </Link>
              <Link to={signUpHref(here)} className="button button--accent">
                Sign up for FREE
              </Link>
            </>
          ) : null}
        </div>
        <button
          type="button"
          className={`site-header__hamburger ${menuOpen ? 'site-header__hamburger--open' : ''}`}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <PrimaryNavigation isLoggedIn={isLoggedIn} />
      {showApiNavigation && <ApiNavigation />}
      {/* The promotion's panel opens here, in the header's flow, so it covers nothing on the page. */}
      <div ref={setPromoSlot} className="site-header__promo-slot" />
      {menuOpen && <MobileNavigation user={user} crossPromo={data?.tracking.enableRivalFlowCrossPromo ?? false} onNavigate={() => setMenuOpen(false)} />}
    </header>
  );
}
