import { describe, expect, it } from '@jest/globals';
import { scraperPaywallRedirect, shouldShowPaywall, showsTeaser, teaserLink, teaserVariant, viewerOf } from './paywall-rules';

const visitor = { isLoggedIn: false, isFullUser: false };
const free = { isLoggedIn: true, isFullUser: false };
const full = { isLoggedIn: true, isFullUser: true };
const settings = (disablePaywall: boolean, enableScraperFreewall: boolean) => ({ disablePaywall, enableScraperFreewall });

describe('paywall rules', () => {
  it('names the viewer like the research API does', () => {
    expect([viewerOf(undefined), viewerOf(visitor), viewerOf(free), viewerOf(full)]).toEqual(['visitor', 'visitor', 'free', 'full']);
  });

  it('shows the paywall only to logged-out visitors, unless disabled; the scraper freewall re-enables it', () => {
    expect(shouldShowPaywall(visitor, settings(false, false))).toBe(true);
    expect(shouldShowPaywall(free, settings(false, false))).toBe(false);
    expect(shouldShowPaywall(full, settings(false, true))).toBe(false);
    expect(shouldShowPaywall(visitor, settings(true, false))).toBe(false);
    expect(shouldShowPaywall(visitor, settings(true, true))).toBe(true);
    expect(shouldShowPaywall(visitor, null)).toBe(true);
  });

  it('sends non-full users to the paywall page when the scraper paywall is on', () => {
    expect(scraperPaywallRedirect(visitor, settings(false, false))).toBeNull();
    expect(scraperPaywallRedirect(visitor, settings(false, true))).toBe('/paywall#benefits');
    expect(scraperPaywallRedirect(free, settings(true, true))).toBe('/paywall#benefits');
    expect(scraperPaywallRedirect(full, settings(false, true))).toBeNull();
    expect(scraperPaywallRedirect(visitor, undefined)).toBeNull();
  });

  it('chooses one of the four teaser variants and where it leads', () => {
    expect(teaserVariant('visitor')).toBe('visitor');
    expect(teaserVariant('free')).toBe('free-user');
    expect(teaserVariant('visitor', true)).toBe('old-table-visitor');
    expect(teaserVariant('free', true)).toBe('old-table-free-user');
    expect(teaserVariant('full')).toBeNull();
    expect(teaserLink('visitor')).toBe('/mainpurchase');
    expect(teaserLink('old-table-visitor')).toBe('/mainpurchase');
    expect(teaserLink('free-user')).toBe('/upgrade');
    expect(teaserLink('old-table-free-user')).toBe('/upgrade');
  });

  it('shows the teaser only when a non-full viewer has rows beyond the allowance', () => {
    expect(showsTeaser('visitor', 11, 10)).toBe(true);
    expect(showsTeaser('visitor', 10, 10)).toBe(false);
    expect(showsTeaser('free', 26, 25)).toBe(true);
    expect(showsTeaser('full', 5000, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
