import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { Providers, createQueryClient } from '@/app/providers';
import { CrossPromo, promoOpenedFlag } from './cross-promo';
import { promoDismissFlag } from './promo-dismissal';
import { promoRedirectUrl, promoTexts } from './promo-tooltip';

const calls: { url: string; body?: string }[] = [];
let accountFlag: string | null = null;

/** Moves to another page the way a link elsewhere or the back button does: without a click on this page. */
const navigation: { goTo?: (to: string) => void } = {};
function NavigationHandle() {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.goTo = (to) => void navigate(to);
  }, [navigate]);
  return null;
}
const go = (to: string) => act(() => navigation.goTo!(to));

function renderPromo(path: string, options: { isLoggedIn?: boolean; onOpen?: (url: string) => void } = {}) {
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body as string | undefined });
    if (url.startsWith('/NsaApi/Account/GetUserAttribute')) return jsonResponse({ name: promoDismissFlag, value: accountFlag });
    if (url.startsWith('/NsaApi/Account/SetUserAttribute')) return jsonResponse({ data: { isSuccessful: true, name: promoDismissFlag, value: 'true' } });
    return jsonResponse({}, 404);
  }) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <CrossPromo isLoggedIn={options.isLoggedIn ?? false} userId={options.isLoggedIn ? 'u1' : null} onOpen={options.onOpen} />
        <NavigationHandle />
        <p>outside</p>
      </MemoryRouter>
    </Providers>,
  );
}

const tooltip = () => screen.queryByRole('dialog');

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  accountFlag = null;
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
});

describe('sister-product promo tooltip', () => {
  it('says “Check out the new AI Content Assistant” on the home page and “Improve Existing Content with AI” elsewhere', () => {
    renderPromo('/');
    expect(screen.getByRole('heading', { name: promoTexts.homeHeading })).toBeInTheDocument();
    go('/company');
    fireEvent.click(screen.getByRole('button', { name: /AI Content Assistant/ }));
    expect(screen.getByRole('heading', { name: 'Improve Existing Content with AI' })).toBeInTheDocument();
    expect(promoTexts.homeHeading).toBe('Check out the new AI Content Assistant');
  });

  it('opens the sister-product redirect with the domain, page=sfpromo and sfu when Enter submits', () => {
    const opened: string[] = [];
    renderPromo('/company', { onOpen: (url) => opened.push(url) });
    expect(screen.getByRole('button', { name: 'Scan with AI' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Enter your website' });
    fireEvent.change(field, { target: { value: ' myshop.example ' } });
    fireEvent.submit(field.closest('form')!);
    expect(opened).toEqual(['/sendUserToRivalFlow?domain=myshop.example&page=sfpromo&sfu=free']);
    expect(promoRedirectUrl('a.example', 'u1')).toBe('/sendUserToRivalFlow?domain=a.example&page=sfpromo&sfu=u1');
  });

  it('closes on Escape and on an outside click, and stays closed everywhere once closed, the home page too', () => {
    renderPromo('/company');
    expect(tooltip()).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tooltip()).not.toBeInTheDocument();
    expect(localStorage.getItem(promoDismissFlag)).toBe('true');
    go('/');
    expect(tooltip()).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /AI Content Assistant/ }));
    expect(tooltip()).toBeInTheDocument();
    fireEvent.click(screen.getByText('outside'));
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('opens by itself once per visitor, not on every visit or page (issue 24)', () => {
    const first = renderPromo('/');
    expect(tooltip()).toBeInTheDocument();
    expect(localStorage.getItem(promoOpenedFlag)).toBe('true');
    // Left open and never closed: the next page does not open it again, nor does the next visit.
    go('/company');
    expect(tooltip()).not.toBeInTheDocument();
    first.unmount();
    renderPromo('/');
    expect(tooltip()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /AI Content Assistant/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('can be opened again with the header button', () => {
    localStorage.setItem(promoDismissFlag, 'true');
    renderPromo('/company');
    expect(tooltip()).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /AI Content Assistant/ }));
    expect(tooltip()).toBeInTheDocument();
  });

  it('stores the flag on the account of a logged-in user, and reads it from there', async () => {
    renderPromo('/company', { isLoggedIn: true });
    await waitFor(() => expect(tooltip()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/NsaApi/Account/SetUserAttribute')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.url === '/NsaApi/Account/SetUserAttribute')!.body!)).toMatchObject({ name: promoDismissFlag, value: 'true' });
  });

  it('stays closed on a new device when the account says it was dismissed', async () => {
    accountFlag = 'true';
    renderPromo('/company', { isLoggedIn: true });
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/NsaApi/Account/GetUserAttribute'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tooltip()).not.toBeInTheDocument();
  });
});
