import { describe, expect, it } from '@jest/globals';
import { afterOnboardingPath, emptyOnboarding, onboardingErrors, onboardingMessages, onboardingStepErrors } from './onboarding.api.js';

const complete = {
  ...emptyOnboarding(),
  name: 'Ada',
  onboardingDomain: 'example.com',
  onboardingDisplay: 'Example',
  onboardingGeo: 'US',
  interestedInSeo: true,
  isNewCampaign: false,
};

describe('onboarding step rules (docs/product/account-exports-reports.md §5)', () => {
  it('step 1 needs a non-empty name', () => {
    expect(onboardingStepErrors(1, { name: '  ' })).toEqual({ name: onboardingMessages.nameRequired });
    expect(onboardingStepErrors(1, { name: 'Ada' })).toEqual({});
  });

  it('step 2 needs domain, display name and geo', () => {
    expect(onboardingStepErrors(2, {})).toEqual({
      onboardingDomain: onboardingMessages.domainRequired,
      onboardingDisplay: onboardingMessages.displayRequired,
      onboardingGeo: onboardingMessages.geoRequired,
    });
    expect(onboardingStepErrors(2, complete)).toEqual({});
  });

  it('step 3 needs a domain, a new-campaign answer and an interest', () => {
    expect(onboardingStepErrors(3, emptyOnboarding())).toEqual({
      onboardingDomain: onboardingMessages.domainRequired,
      isNewCampaign: onboardingMessages.newCampaignRequired,
      interestedInPpc: onboardingMessages.interestRequired,
    });
    expect(onboardingStepErrors(3, complete)).toEqual({});
    expect(onboardingStepErrors(3, { ...complete, isNewCampaign: false })).toEqual({});
  });

  it('step 3 needs a budget for PPC interest unless employed at an agency', () => {
    expect(onboardingStepErrors(3, { ...complete, interestedInPpc: true })).toEqual({ budgetRange: onboardingMessages.budgetRequired });
    expect(onboardingStepErrors(3, { ...complete, interestedInPpc: true, employedAtAgency: null })).toEqual({ budgetRange: onboardingMessages.budgetRequired });
    expect(onboardingStepErrors(3, { ...complete, interestedInPpc: true, employedAtAgency: true })).toEqual({});
    expect(onboardingStepErrors(3, { ...complete, interestedInPpc: true, budgetRange: '1k-5k' })).toEqual({});
  });

  it('the final check combines every step', () => {
    expect(Object.keys(onboardingErrors(emptyOnboarding())).sort()).toEqual(['interestedInPpc', 'isNewCampaign', 'name', 'onboardingDisplay', 'onboardingDomain', 'onboardingGeo'].sort());
    expect(onboardingErrors(complete)).toEqual({});
  });
});

describe('afterOnboardingPath', () => {
  const none = { interestedInPpc: false, interestedInSeo: false, interestedInCompetitiveIntelligence: false, interestedInClientReporting: false, interestedInSalesProspecting: false };
  const project = { domain: 'example.com', territory: 'UK' };
  it.each([
    [{ interestedInPpc: true }, '/ppc/overview/domain?query=example.com&countryCode=UK'],
    [{ interestedInSeo: true }, '/seo/overview/domain?query=example.com&countryCode=UK'],
    [{ interestedInPpc: true, interestedInSeo: true }, '/overview/domain?query=example.com&countryCode=UK'],
    [{ interestedInSeo: true, interestedInSalesProspecting: true }, '/overview/domain?query=example.com&countryCode=UK'],
    [{ interestedInClientReporting: true }, '/overview/domain?query=example.com&countryCode=UK'],
  ])('%j → the overview of the domain: %s', (change, path) => expect(afterOnboardingPath({ ...none, ...change }, project)).toBe(path));
});
