import { describe, expect, it } from '@jest/globals';
import { isMarketingPath, onboardingRedirect } from './onboarding-guard';

const flagged = { isLoggedIn: true, shouldShowOnboarding: true };

describe('onboardingRedirect', () => {
  it.each(['/hq', '/account/settings', '/keyword/related-keywords', '/seo/overview', '/overview?query=x', '/projects', '/system-check', '/HQ/'])(
    'sends a flagged user from %s to /onboarding',
    (path) => expect(onboardingRedirect(path, flagged)).toBe('/onboarding'),
  );

  it.each([
    '/',
    '/althome',
    '/land/arc1-d',
    '/althome-d',
    '/semrush-alternative',
    '/ahrefs-alternative/',
    '/company',
    '/serpwise-custom-gpt',
    '/buy/register',
    '/mainpurchase',
    '/upgrade',
    '/freeaccount',
    '/memberperks',
    '/affiliates',
    '/jobs',
    '/e',
    '/e/annual',
    '/mobilemonkey-offer',
    '/clickcease-offer',
    '/capital-one-spring-member-offer',
    '/content-assistant-offer',
    '/TermsConditions',
    '/privacypolicy',
    '/vulnerability-disclosure-policy',
    '/add-users',
    '/homepage/overview',
    '/auth/logout',
    '/auth/login',
    '/onboarding',
    '/onboarding/2',
    '/onboarding/3/',
  ])('leaves a flagged user on %s', (path) => expect(onboardingRedirect(path, flagged)).toBeNull());

  it('leaves visitors and users who finished onboarding alone', () => {
    expect(onboardingRedirect('/hq', { isLoggedIn: false, shouldShowOnboarding: true })).toBeNull();
    expect(onboardingRedirect('/hq', { isLoggedIn: true, shouldShowOnboarding: false })).toBeNull();
  });

  it('does not treat look-alike paths as marketing pages', () => {
    expect(isMarketingPath('/account/semrush-alternative')).toBe(false);
    expect(isMarketingPath('/jobsearch')).toBe(false);
    expect(onboardingRedirect('/onboarding/4', flagged)).toBe('/onboarding');
  });
});
