import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ActiveState } from '@serpwise/contracts';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { activeState, loggedInState } from '@test/active-state';
import { Providers, createQueryClient } from '@/app/providers';
import { FeatureCarousel, carouselSections, swipeThresholdPx } from './feature-carousel';
import { chooseHomeVariant, homeVariantStorageKey, parseVariantId, withVariant } from './home-variants';
import { LandingPage } from './landing-page';

let state: ActiveState;
const whereRef = { current: '' };

function Where() {
  const location = useLocation();
  useEffect(() => {
    whereRef.current = location.pathname + location.search;
  }, [location.pathname, location.search]);
  return null;
}

function renderLanding(path: string) {
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(state) : jsonResponse([])) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/hq" element={<p>HQ page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const variantShown = () => document.querySelector('[data-variant]')?.getAttribute('data-variant');

beforeEach(() => {
  localStorage.clear();
  state = activeState();
});

describe('home variants (docs/product/site.md §2: alt 1 to 10, remembered and written back)', () => {
  it('takes alt from the address when it is 1 to 10', () => {
    expect(chooseHomeVariant('?alt=7', '3')).toEqual({ id: 7, writeBack: false });
    expect(chooseHomeVariant('?alt=10', null)).toEqual({ id: 10, writeBack: false });
    expect(parseVariantId('0')).toBeNull();
    expect(parseVariantId('11')).toBeNull();
    expect(parseVariantId('2.5')).toBeNull();
  });

  it('falls back to the remembered variant, then to a random one, and says to write it back', () => {
    expect(chooseHomeVariant('?alt=42', '4')).toEqual({ id: 4, writeBack: true });
    expect(chooseHomeVariant('', '9')).toEqual({ id: 9, writeBack: true });
    expect(chooseHomeVariant('', null, () => 0)).toEqual({ id: 1, writeBack: true });
    expect(chooseHomeVariant('', 'junk', () => 0.999)).toEqual({ id: 10, writeBack: true });
    expect(withVariant('?x=1&alt=99', 4)).toBe('?x=1&alt=4');
  });

  it('shows the variant of the address and remembers it', async () => {
    renderLanding('/?alt=3');
    await screen.findByRole('heading', { name: 'Our marketing revenue engine boosts SEO & PPC profits' });
    expect(variantShown()).toBe('3');
    expect(localStorage.getItem(homeVariantStorageKey)).toBe('3');
    expect(whereRef.current).toBe('/?alt=3');
  });

  it('writes the remembered variant back into an address without one, keeping other parameters', async () => {
    localStorage.setItem(homeVariantStorageKey, '6');
    renderLanding('/?utm_source=mail');
    await waitFor(() => expect(whereRef.current).toBe('/?utm_source=mail&alt=6'));
    expect(variantShown()).toBe('6');
  });

  it('replaces an invalid alt with a valid one', async () => {
    renderLanding('/?alt=99');
    await waitFor(() => expect(whereRef.current).toMatch(/^\/\?alt=([1-9]|10)$/));
  });

  it('sends a logged-in user to /hq, but lets a user still in onboarding see the home page', async () => {
    state = loggedInState();
    const { unmount } = renderLanding('/?alt=2');
    await screen.findByText('HQ page');
    expect(whereRef.current).toBe('/hq');
    unmount();
    // A link into the projects panel keeps its panel query on the way (the variant stays behind).
    const panelLink = renderLanding('/?msf=websites&alt=2');
    await screen.findByText('HQ page');
    expect(whereRef.current).toBe('/hq?msf=websites');
    panelLink.unmount();
    state = loggedInState({ shouldShowOnboarding: true });
    renderLanding('/?alt=2');
    await screen.findByRole('heading', { name: 'Our marketing revenue engine boosts SEO & PPC profits' });
  });

  it('shows the search, the trust strip and the sections below the fold', async () => {
    renderLanding('/?alt=1');
    expect(await screen.findByText('Trusted by the brands you trust')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Domain, URL, or keyword' })).toHaveAttribute('placeholder', 'Enter a domain, URL, or keyword');
    expect(screen.getByRole('heading', { name: "See what's inside" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Membership starts at $33/month' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try it today, risk free' })).toHaveAttribute('href', '/mainpurchase');
  });
});

describe('feature carousel', () => {
  const selectedTabs = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
  const visiblePanels = () => screen.getAllByRole('tabpanel', { hidden: true }).filter((panel) => panel.getAttribute('aria-hidden') === 'false');
  const swipe = (dx: number, dy = 0) => {
    const viewport = screen.getByTestId('carousel-viewport');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 200 + dx, clientY: 100 + dy }] });
  };

  it('has the five sections with exactly one active', () => {
    render(
      <MemoryRouter>
        <FeatureCarousel />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['SEO', 'PPC', 'Competitive Intel', 'Projects', 'Reports']);
    expect(carouselSections).toHaveLength(5);
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['SEO']);
    fireEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['Projects']);
    expect(visiblePanels()).toHaveLength(1);
    expect(visiblePanels()[0]).toHaveTextContent('Unlimited projects');
  });

  it('moves one slide for a horizontal swipe of 20 px or more, and ignores shorter or vertical ones', () => {
    render(
      <MemoryRouter>
        <FeatureCarousel />
      </MemoryRouter>,
    );
    swipe(-(swipeThresholdPx - 1));
    expect(selectedTabs()[0]).toHaveTextContent('SEO');
    swipe(-swipeThresholdPx);
    expect(selectedTabs()[0]).toHaveTextContent('PPC');
    swipe(-300);
    expect(selectedTabs()[0]).toHaveTextContent('Competitive Intel');
    swipe(-25, 80); // mostly vertical: the page scrolls instead
    expect(selectedTabs()[0]).toHaveTextContent('Competitive Intel');
    swipe(swipeThresholdPx);
    expect(selectedTabs()[0]).toHaveTextContent('PPC');
    swipe(40);
    swipe(40); // already first: stays
    expect(selectedTabs()[0]).toHaveTextContent('SEO');
    expect(selectedTabs()).toHaveLength(1);
  });

  it('moves with the arrow keys between tabs', () => {
    render(
      <MemoryRouter>
        <FeatureCarousel />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('tab', { name: 'SEO' }).focus());
    fireEvent.keyDown(screen.getByRole('tab', { name: 'SEO' }), { key: 'ArrowLeft' });
    expect(selectedTabs()[0]).toHaveTextContent('Reports');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus();
  });
});
