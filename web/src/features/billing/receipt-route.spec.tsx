import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { resetServedSession } from '@/lib/session-hint';
import { bareBillingRoutes } from './routes';

/** The page as the server serves it: the session meta tag says who it was served to. */
function servedTo(who: 'user' | 'visitor') {
  const meta = document.createElement('meta');
  meta.name = 'serpwise-session';
  meta.content = who;
  document.head.append(meta);
}

function renderReceiptRoute() {
  // The active state never answers here: what shows is the first render's, before it does.
  globalThis.fetch = (() => new Promise(() => undefined)) as unknown as typeof fetch;
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(bareBillingRoutes, { initialEntries: ['/account/receipt?id=7'] })} />
    </Providers>,
  );
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="serpwise-session"]').forEach((meta) => meta.remove());
  resetServedSession();
});

describe('/account/receipt (bare layout)', () => {
  it('shows a visitor the login form at once, at the same address, before the active state answers', () => {
    servedTo('visitor');
    renderReceiptRoute();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in to Continue' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('waits for the active state when the page was served to a logged-in user', () => {
    servedTo('user');
    renderReceiptRoute();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
