import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ActiveState } from '@serpwise/contracts';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { activeState, loggedInState } from '@test/active-state';
import { setCountryCode } from '@/lib/country';
import { rememberSearch } from '@/features/search';
import { Header } from './header';
import { navCollapseDelayMs } from './navigation';
import { Providers, createQueryClient } from './providers';

let state: ActiveState;

function renderHeader(path = '/company') {
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(state) : jsonResponse({ name: 'x', value: null })) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
      </MemoryRouter>
    </Providers>,
  );
}

const siteNav = () => screen.getByRole('navigation', { name: 'Site' });

beforeEach(() => {
  localStorage.clear();
  state = activeState();
});

describe('site header', () => {
  it('shows What’s New, Blog, API and Pricing, and the guest Log in / sign-up pair', async () => {
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    expect(within(siteNav()).getAllByRole('link').map((link) => link.textContent)).toEqual(["What's New", 'Blog', 'API', 'Pricing']);
    // Both come back to the page after logging in (docs/decisions.md issue 24).
    expect(screen.getByRole('link', { name: 'Sign up for FREE' })).toHaveAttribute('href', '/freeaccount?returnUrl=%2Fcompany');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login?returnUrl=%2Fcompany');
    expect(screen.getByRole('link', { name: 'Serpwise home' })).toHaveAttribute('href', '/');
  });

  it('hides Pricing for a full user and shows the account dropdown with the e-mail', async () => {
    state = loggedInState({ isFullUser: true, roles: ['full'], email: 'paid@example.com' });
    renderHeader();
    await screen.findByRole('button', { name: 'paid@example.com' });
    expect(within(siteNav()).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('offers an admin the queue console in the account menu, and nobody else', async () => {
    state = loggedInState({ isAdmin: true, roles: ['full', 'admin'], email: 'admin@example.com' });
    const { unmount } = renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'admin@example.com' }));
    expect(screen.getByRole('menuitem', { name: 'Queue console' })).toHaveAttribute('href', '/admin/queues');
    unmount();

    state = loggedInState({ isFullUser: true, roles: ['full'], email: 'paid@example.com' });
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'paid@example.com' }));
    expect(screen.getByRole('menuitem', { name: 'Help' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Queue console' })).not.toBeInTheDocument();
  });

  it('shows the child user’s e-mail for a child account', async () => {
    state = loggedInState({ isChildAccount: true, childUserEmail: 'child@example.com', email: 'parent@example.com' });
    renderHeader();
    await screen.findByRole('button', { name: 'child@example.com' });
  });

  it('lists the primary sections, with My Sites only for logged-in users', async () => {
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    const tools = screen.getByRole('navigation', { name: 'Tools' });
    expect(within(tools).queryByRole('link', { name: 'My Sites' })).not.toBeInTheDocument();
    expect(within(tools).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    for (const name of ['SEO Research', 'PPC Research', 'Keyword Research', 'AI Tools', 'More Tools']) {
      expect(within(tools).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('marks the section of the current page active, whatever its letter case or trailing slash', async () => {
    renderHeader('/SEO/Keywords/Domain/');
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.getByRole('button', { name: 'SEO Research' })).toHaveClass('primary-nav__link--active');
    expect(screen.getByRole('button', { name: 'PPC Research' })).not.toHaveClass('primary-nav__link--active');
  });

  it('shows My Sites to a logged-in user', async () => {
    state = loggedInState();
    renderHeader();
    const tools = screen.getByRole('navigation', { name: 'Tools' });
    await waitFor(() => expect(within(tools).getByRole('link', { name: 'My Sites' })).toHaveAttribute('href', '/hq'));
  });

  it('carries the last keyword search into the keyword section links, and keeps the domain on SEO links', async () => {
    rememberSearch({ query: 'running shoes', type: 'term' });
    renderHeader('/seo/overview/domain?query=shopsphere.example');
    await screen.findByRole('link', { name: 'Log in' });
    fireEvent.click(screen.getByRole('button', { name: 'Keyword Research' }));
    expect(screen.getByRole('link', { name: /^Keyword Overview/ })).toHaveAttribute('href', '/keyword/overview?query=running+shoes');
    fireEvent.click(screen.getByRole('button', { name: 'SEO Research' }));
    expect(screen.getByRole('link', { name: /^Top Pages/ })).toHaveAttribute('href', '/seo/top-pages/domain?query=shopsphere.example');
  });

  it('hides US-only links for another country', async () => {
    setCountryCode('DE');
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    fireEvent.click(screen.getByRole('button', { name: 'PPC Research' }));
    expect(screen.queryByRole('link', { name: /Ads Templates/ })).not.toBeInTheDocument();
    setCountryCode('US');
  });

  it('opens the AI tools in a new tab and marks the new ones', async () => {
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    fireEvent.click(screen.getByRole('button', { name: 'AI Tools' }));
    const spygpt = screen.getByRole('link', { name: /SpyGPT/ });
    expect(spygpt).toHaveAttribute('target', '_blank');
    expect(spygpt).toHaveTextContent('New');
    expect(screen.getByRole('link', { name: /AI Content Assistant/ })).toHaveAttribute('href', '/sendUserToRivalFlow?page=nav');
  });

  describe('section menus', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('stay open for 500 ms after the pointer leaves', async () => {
      renderHeader();
      await act(async () => {});
      const section = screen.getByRole('button', { name: 'More Tools' }).closest('li')!;
      fireEvent.mouseEnter(section);
      expect(screen.getByRole('group', { name: 'More Tools' })).toBeInTheDocument();
      fireEvent.mouseLeave(section);
      act(() => void jest.advanceTimersByTime(navCollapseDelayMs - 1));
      expect(screen.getByRole('group', { name: 'More Tools' })).toBeInTheDocument();
      // Coming back in time keeps it open.
      fireEvent.mouseEnter(section);
      fireEvent.mouseLeave(section);
      act(() => void jest.advanceTimersByTime(navCollapseDelayMs - 1));
      expect(screen.getByRole('group', { name: 'More Tools' })).toBeInTheDocument();
      act(() => void jest.advanceTimersByTime(1));
      expect(screen.queryByRole('group', { name: 'More Tools' })).not.toBeInTheDocument();
    });
  });

  it('has a hamburger menu with Tools, Blog, API, Pricing, Log in and Sign up for FREE for a visitor', async () => {
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    const rows = [...menu.querySelectorAll('.mobile-nav__row')].map((row) => row.textContent);
    expect(rows).toEqual(['Tools', 'AI Content Assistant New', 'Blog', 'API', 'Pricing', 'Log in', 'Sign up for FREE']);
    fireEvent.click(within(menu).getByRole('button', { name: 'Tools' }));
    expect(within(menu).getByRole('link', { name: 'Rank Tracking' })).toBeInTheDocument();
  });

  it('closes the hamburger menu on Escape (issue 24)', async () => {
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers Upgrade, Account and Log out in the hamburger menu of a logged-in free user', async () => {
    state = loggedInState({}, { enableRivalFlowCrossPromo: false });
    renderHeader();
    await screen.findByRole('button', { name: 'ada@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const rows = [...screen.getByRole('navigation', { name: 'Menu' }).querySelectorAll('.mobile-nav__row')].map((row) => row.textContent);
    expect(rows).toEqual(['Tools', 'Blog', 'API', 'Upgrade', 'Account', 'Log out']);
    const logOut = screen.getByRole('button', { name: 'Log out' });
    expect(logOut.closest('form')).toHaveAttribute('action', '/auth/logout');
    expect(logOut.closest('form')).toHaveAttribute('method', 'post');
  });

  it('shows the cross-promo only when it is enabled', async () => {
    state = activeState({}, { enableRivalFlowCrossPromo: false });
    renderHeader();
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: /AI Content Assistant/ })).not.toBeInTheDocument();
  });
});
