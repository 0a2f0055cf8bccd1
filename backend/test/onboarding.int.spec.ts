import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { onboardingMessages, type ActiveState } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp();
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const survey = {
  name: 'Ada',
  companyEmployeeCount: '2-10',
  employedAtAgency: false,
  ownBusiness: true,
  onboardingDomain: 'https://www.Example-Shop.com/products',
  onboardingDisplay: 'Example Shop',
  onboardingGeo: 'US',
  interestedInPpc: true,
  interestedInSeo: false,
  interestedInCompetitiveIntelligence: false,
  interestedInClientReporting: false,
  interestedInSalesProspecting: false,
  budgetRange: '1k-5k',
  isNewCampaign: true,
};

type Answer = { data: { isSuccessful: boolean; errors: string[]; projectId?: string; redirectUrl?: string } };
const userRow = async (id: string) =>
  (await database.query<{ onboarding: Record<string, unknown> | null; should_show_onboarding: boolean; name: string | null }>(
    'select onboarding, should_show_onboarding, name from app_user where id = $1',
    [id],
  ))[0]!;
const projectsOf = (ownerId: string) => database.query<Record<string, unknown>>('select id, name, domain, territory from project where owner_user_id = $1 order by created_at', [ownerId]);

async function onboardingUser(input: { parentUserId?: string } = {}) {
  const user = await createTestUser(database, { shouldShowOnboarding: true, roles: input.parentUserId ? [] : ['free'], ...input });
  return { user, browser: await loggedInSession(baseUrl, user) };
}

describe('POST /OnboardingApi/SaveUserSurvey', () => {
  it('saves the answers, ends onboarding, creates the first project, and sends a PPC-only user to the PPC overview of the domain just entered', async () => {
    const { user, browser } = await onboardingUser();
    const response = await browser.post('/OnboardingApi/SaveUserSurvey', survey);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.data).toMatchObject({ isSuccessful: true, errors: [], redirectUrl: '/ppc/overview/domain?query=example-shop.com&countryCode=US' });
    const row = await userRow(user.id);
    expect(row.should_show_onboarding).toBe(false);
    expect(row.name).toBe('Ada');
    expect(row.onboarding).toMatchObject({ name: 'Ada', onboardingDomain: 'example-shop.com', onboardingGeo: 'US', interestedInPpc: true, budgetRange: '1k-5k', isNewCampaign: true });
    expect(await projectsOf(user.id)).toEqual([{ id: answer.data.projectId, name: 'Example Shop', domain: 'example-shop.com', territory: 'US' }]);
    const state = (await (await browser.get('/endpoints/accountapi/getactivestate')).json()) as ActiveState;
    expect(state.user.shouldShowOnboarding).toBe(false);
    // A repeated submit (double click, back button) does not make a second project.
    const again = (await (await browser.post('/OnboardingApi/SaveUserSurvey', survey)).json()) as Answer;
    expect(again.data.projectId).toBe(answer.data.projectId);
    expect(await projectsOf(user.id)).toHaveLength(1);
  });

  it.each([
    [{ interestedInPpc: false, interestedInSeo: true, budgetRange: null }, '/seo/overview/domain?query=example-shop.com&countryCode=US'],
    [{ interestedInSeo: true }, '/overview/domain?query=example-shop.com&countryCode=US'],
    [{ interestedInPpc: false, interestedInClientReporting: true }, '/overview/domain?query=example-shop.com&countryCode=US'],
    [{ interestedInCompetitiveIntelligence: true, onboardingGeo: 'UK' }, '/overview/domain?query=example-shop.com&countryCode=UK'],
  ])('answers %j with %s', async (change, redirectUrl) => {
    const { browser } = await onboardingUser();
    const answer = (await (await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, ...change })).json()) as Answer;
    expect(answer.data.redirectUrl).toBe(redirectUrl);
  });

  it('lets an agency employee skip the budget', async () => {
    const { user, browser } = await onboardingUser();
    const response = await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, employedAtAgency: true, budgetRange: null });
    expect(response.status).toBe(200);
    expect((await userRow(user.id)).onboarding).toMatchObject({ employedAtAgency: true, budgetRange: null });
  });

  it.each([
    ['no name (step 1)', { name: '  ' }, [onboardingMessages.nameRequired]],
    ['no display name and geo (step 2)', { onboardingDisplay: '', onboardingGeo: null }, [onboardingMessages.displayRequired, onboardingMessages.geoRequired]],
    ['no domain (steps 2 and 3)', { onboardingDomain: '' }, [onboardingMessages.domainRequired]],
    ['no new-campaign answer', { isNewCampaign: null }, [onboardingMessages.newCampaignRequired]],
    ['no interest', { interestedInPpc: false }, [onboardingMessages.interestRequired]],
    ['PPC without a budget outside an agency', { budgetRange: null }, [onboardingMessages.budgetRequired]],
    ['a domain that is not one', { onboardingDomain: 'not a domain' }, ['Enter a valid domain, like example.com.']],
  ])('refuses %s with a 400, keeps onboarding on and creates nothing', async (_case, change, errors) => {
    const { user, browser } = await onboardingUser();
    const response = await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, ...change });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).data.errors).toEqual(errors);
    expect(await userRow(user.id)).toMatchObject({ should_show_onboarding: true, onboarding: null });
    expect(await projectsOf(user.id)).toEqual([]);
  });

  it('refuses unknown fields and values outside the lists', async () => {
    const { user, browser } = await onboardingUser();
    expect((await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, shouldShowOnboarding: false })).status).toBe(400);
    expect((await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, onboardingGeo: 'XX' })).status).toBe(400);
    expect((await browser.post('/OnboardingApi/SaveUserSurvey', { ...survey, budgetRange: 'lots' })).status).toBe(400);
    expect(await projectsOf(user.id)).toEqual([]);
  });

  it('puts a child account’s first project in its parent’s account, and changes only the child’s onboarding', async () => {
    const parent = await createTestUser(database, { roles: ['full'] });
    const { user: child, browser } = await onboardingUser({ parentUserId: parent.id });
    expect((await browser.post('/OnboardingApi/SaveUserSurvey', survey)).status).toBe(200);
    expect(await projectsOf(parent.id)).toHaveLength(1);
    expect(await projectsOf(child.id)).toEqual([]);
    expect((await userRow(parent.id)).onboarding).toBeNull();
  });

  it('is 401 for a visitor', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open('/');
    expect((await browser.post('/OnboardingApi/SaveUserSurvey', survey)).status).toBe(401);
  });
});

describe('GET /NsaApi/MySerpwise/Projects/CreateProject', () => {
  it('creates a project for the caller and returns its id', async () => {
    const { user, browser } = await onboardingUser();
    const response = await browser.getWithToken('/NsaApi/MySerpwise/Projects/CreateProject?name=Blog&domain=blog.example.org&territory=UK&countryCode=US');
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(await projectsOf(user.id)).toEqual([{ id, name: 'Blog', domain: 'blog.example.org', territory: 'UK' }]);
  });

  it('refuses bad input, a missing cross-site token, and visitors, creating nothing', async () => {
    const { user, browser } = await onboardingUser();
    expect((await browser.getWithToken('/NsaApi/MySerpwise/Projects/CreateProject?name=&domain=example.com')).status).toBe(400);
    expect((await browser.getWithToken('/NsaApi/MySerpwise/Projects/CreateProject?name=X&domain=nope')).status).toBe(400);
    expect((await browser.getWithToken(`/NsaApi/MySerpwise/Projects/CreateProject?name=X&domain=example.com&ownerUserId=${user.id}`)).status).toBe(400);
    expect((await browser.get('/NsaApi/MySerpwise/Projects/CreateProject?name=X&domain=example.com')).status).toBe(403);
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.getWithToken('/NsaApi/MySerpwise/Projects/CreateProject?name=X&domain=example.com')).status).toBe(401);
    expect(await projectsOf(user.id)).toEqual([]);
    expect(Number((await database.query<{ n: string }>(`select count(*) as n from project where name = 'X'`))[0]!.n)).toBe(0);
  });
});

describe('GET /rest/onboarding/cleanse-domain', () => {
  it('returns the bare domain, or a 400 for something that is not one', async () => {
    const { browser } = await onboardingUser();
    expect(await (await browser.get('/rest/onboarding/cleanse-domain?domain=HTTPS%3A%2F%2Fwww.Example.com%2Fa%3Fb')).json()).toEqual({ domain: 'example.com' });
    const bad = await browser.get('/rest/onboarding/cleanse-domain?domain=hello%20world');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Answer).data.errors).toEqual(['Enter a valid domain, like example.com.']);
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.get('/rest/onboarding/cleanse-domain?domain=example.com')).status).toBe(401);
  });
});
