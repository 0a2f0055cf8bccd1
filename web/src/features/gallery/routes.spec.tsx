import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { iconNames } from '@/components/ui/icons/icon-shapes';
import { gallerySections } from './components/gallery-sections';
import { galleryRoutes } from './routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

function App() {
  return useRoutes([{ path: '/', element: <p>Home page</p> }, ...galleryRoutes]);
}

function renderAt(path: string, user: { isLoggedIn: boolean; isAdmin: boolean; roles: string[] }) {
  fetchMock.mockImplementation(async (url) => (url === '/endpoints/accountapi/getactivestate' ? jsonResponse({ user, tracking: {} }) : jsonResponse({}, 404)));
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
}

const admin = { isLoggedIn: true, isAdmin: true, roles: ['full', 'admin'] };

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('/components and /icons', () => {
  it.each([
    ['/components', 'a visitor', { isLoggedIn: false, isAdmin: false, roles: [] }],
    ['/components', 'a free user', { isLoggedIn: true, isAdmin: false, roles: ['free'] }],
    ['/icons', 'a full user', { isLoggedIn: true, isAdmin: false, roles: ['full'] }],
  ])('%s sends %s home', async (path, _who, user) => {
    renderAt(path, user);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('show an admin every widget of the gallery, live', async () => {
    renderAt('/components', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Components' })).toBeInTheDocument();
    for (const section of gallerySections) expect(screen.getByRole('region', { name: section.title })).toBeInTheDocument();
    // A few widgets really are there and working, not pictures of them.
    expect(within(screen.getByRole('region', { name: 'Tabs' })).getAllByRole('tab')).toHaveLength(3);
    expect(within(screen.getByRole('region', { name: 'Spinner' })).getAllByRole('status')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Credit card form' })).getByRole('form', { name: 'Payment card' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pagination' })).getByText('Built with the research screens.')).toBeInTheDocument();
    expect(screen.getByTestId('breakpoint')).toHaveTextContent('Breakpoint now:');
  });

  it('show an admin the whole icon set with its names', async () => {
    renderAt('/icons', admin);
    const list = await screen.findByRole('list', { name: 'Icon set' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(iconNames.length);
    expect(within(list).getByText('external-link')).toBeInTheDocument();
  });
});
