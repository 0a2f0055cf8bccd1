import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { NotificationStack } from '@/components/ui/notification-stack';
import { notifications } from '@/components/ui/notifications';
import { onboardingRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search + location.hash}</p>;
}

const current = { pathname: '' };

function App() {
  const location = useLocation();
  useEffect(() => {
    current.pathname = location.pathname;
  }, [location.pathname]);
  return (
    <>
      {useRoutes([...onboardingRoutes, { path: '*', element: <Landing /> }])}
      <NotificationStack />
    </>
  );
}

/** Declarative routing: jsdom has no fetch Request, which the data routers need. */
function renderAt(path: string) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
  return { state: { get location() { return current; } } };
}

const stepStates = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('data-state'));

const overview = '/ppc/overview/domain?query=example.com&countryCode=US';
const languages = jest.spyOn(navigator, 'languages', 'get');

beforeEach(() => {
  languages.mockReturnValue(['en-US', 'en']);
  notifications.clear();
  sessionStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.startsWith('/rest/onboarding/cleanse-domain')) {
      const domain = new URL(url, 'http://x').searchParams.get('domain')!;
      return domain.includes(' ')
        ? jsonResponse({ statusCode: 400, message: 'Enter a valid domain, like example.com.', errors: ['Enter a valid domain, like example.com.'] }, 400)
        : jsonResponse({ domain: domain.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, '').toLowerCase() });
    }
    if (url === '/OnboardingApi/SaveUserSurvey') return jsonResponse({ data: { isSuccessful: true, errors: [], projectId: 'p1', redirectUrl: overview } });
    return jsonResponse({}, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('onboarding', () => {
  it('step 1 needs a name: the message shows after blur, and an invalid Next shows the form message', async () => {
    const router = renderAt('/onboarding');
    const name = screen.getByLabelText('Your name');
    await userEvent.click(name);
    await userEvent.tab();
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(stepStates()).toEqual(['active', 'incomplete', 'incomplete']);

    await userEvent.type(name, 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/2'));
    expect(stepStates()).toEqual(['complete', 'active', 'incomplete']);
  });

  it('goes through the three steps with their rules and submits the survey', async () => {
    const router = renderAt('/onboarding');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: domain, display name and geo.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter your website domain.')).toBeInTheDocument();
    expect(screen.getByText('Enter a display name for your project.')).toBeInTheDocument();
    // The browser's language chose the territory already; emptied, it is asked for.
    expect(screen.getByLabelText('Country you target')).toHaveValue('US');
    await userEvent.selectOptions(screen.getByLabelText('Country you target'), '');
    await userEvent.tab();
    expect(screen.getByText('Choose the country you target.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Country you target'), 'US');
    const domain = screen.getByLabelText('Your website');
    await userEvent.type(domain, 'not a domain');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid domain, like example.com.')).toBeInTheDocument();
    await userEvent.clear(domain);
    await userEvent.type(domain, 'https://www.Example.com/shop');
    await userEvent.tab();
    await waitFor(() => expect(domain).toHaveValue('example.com'));
    await userEvent.type(screen.getByLabelText('Project name'), 'Example');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/3'));

    // Step 3: new-campaign answer, an interest, and a budget for PPC outside an agency.
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(screen.getByText('Tell us whether this is a new campaign.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one thing you are interested in.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'PPC: paid search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByText('Choose your monthly ad budget.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/OnboardingApi/SaveUserSurvey')).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Monthly ad budget'), '1k-5k');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    // It lands on the overview of the domain just entered, with a welcome that says the project was created.
    expect(await screen.findByTestId('landed')).toHaveTextContent(overview);
    expect(screen.getByRole('status')).toHaveTextContent('Welcome to Serpwise, Ada! Your project "Example" for example.com was created.');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/OnboardingApi/SaveUserSurvey')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      name: 'Ada',
      onboardingDomain: 'example.com',
      onboardingDisplay: 'Example',
      onboardingGeo: 'US',
      isNewCampaign: true,
      interestedInPpc: true,
      interestedInSeo: false,
      budgetRange: '1k-5k',
    });
    expect(sessionStorage.getItem('serpwise:onboarding')).toBeNull();
  });

  it('does not ask an agency employee for a budget', async () => {
    sessionStorage.setItem('serpwise:onboarding', JSON.stringify({ name: 'Ada', employedAtAgency: true, onboardingDomain: 'example.com', onboardingDisplay: 'Example', onboardingGeo: 'US' }));
    renderAt('/onboarding/3');
    await userEvent.click(screen.getByRole('checkbox', { name: 'PPC: paid search' }));
    expect(screen.queryByLabelText('Monthly ad budget')).not.toBeInTheDocument();
  });

  it('sends a user who skipped a step back to it', async () => {
    const router = renderAt('/onboarding/3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    sessionStorage.setItem('serpwise:onboarding', JSON.stringify({ name: 'Ada' }));
  });

  it('defaults the territory from the browser languages, in the user\'s order, and keeps a choice already made', async () => {
    languages.mockReturnValue(['xx', 'en-GB', 'de-DE']);
    sessionStorage.setItem('serpwise:onboarding', JSON.stringify({ name: 'Ada' }));
    const first = renderAt('/onboarding/2');
    expect(screen.getByLabelText('Country you target')).toHaveValue('UK');
    expect(first.state.location.pathname).toBe('/onboarding/2');
  });

  it.each([
    ['a page of the site', '/seo/keywords/domain?query=rival.com&sort=volume#top', '/seo/keywords/domain?query=rival.com&sort=volume#top'],
    ['another site', '//evil.example/steal', overview],
    ['the onboarding itself', '/onboarding/2', overview],
  ])('finishing with returnUrl to %s goes to %s', async (_case, returnUrl, landed) => {
    sessionStorage.setItem(
      'serpwise:onboarding',
      JSON.stringify({ name: 'Ada', onboardingDomain: 'example.com', onboardingDisplay: 'Example', onboardingGeo: 'US', isNewCampaign: false, interestedInSeo: true }),
    );
    renderAt(`/onboarding?returnUrl=${encodeURIComponent(returnUrl)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(landed);
    const welcome = screen.getByRole('status');
    expect(welcome).toHaveTextContent('Your project "Example" for example.com was created.');
    // Sent elsewhere, the notice still leads to the new project's overview.
    if (landed !== overview) {
      await userEvent.click(within(welcome).getByRole('button', { name: 'See its overview' }));
      expect(screen.getByTestId('landed')).toHaveTextContent(overview);
    }
  });
});
