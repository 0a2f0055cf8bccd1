import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { loggedInState } from '@test/active-state';
import { Providers, createQueryClient } from './providers';
import { routes } from './router';

function App() {
  return useRoutes(routes);
}

beforeEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  const state = loggedInState({ name: null, shouldShowOnboarding: true, isFullUser: true, roles: ['full'] });
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(state) : jsonResponse([])) as unknown as typeof fetch;
});

describe('onboarding in the app layout (issue 24)', () => {
  it('is a page of the app layout: its header bar with the logo and Log out, no navigation, the footer, no projects panel', async () => {
    const { container } = render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/onboarding']}>
          <App />
        </MemoryRouter>
      </Providers>,
    );
    const main = container.querySelector('main.app__main') as HTMLElement;
    expect(main).not.toBeNull();
    expect(within(main).getByRole('heading', { level: 1, name: 'Welcome to Serpwise' })).toBeInTheDocument();
    expect(within(main).getByRole('form', { name: 'Onboarding step 1' })).toHaveClass('form');

    const header = screen.getByRole('banner');
    expect(header.querySelector('.site-header__bar')).not.toBeNull();
    expect(within(header).getByRole('link', { name: 'Serpwise home' })).toHaveAttribute('href', '/');
    expect(await within(header).findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // Simplified: nothing leads away from onboarding.
    expect(within(header).queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Project:/ })).not.toBeInTheDocument();
  });
});
