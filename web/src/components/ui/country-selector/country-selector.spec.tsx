import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { CountrySelector, countryMenuFocusDelayMs, countryMenuToggleDebounceMs, filterCountries, territoryOptions } from './country-selector';

function Harness({ initial = 'US', onPick = () => {} }: { initial?: string | null; onPick?: (code: string) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div>
      <CountrySelector
        value={value}
        label="Search territory"
        onChange={(code) => {
          setValue(code);
          onPick(code);
        }}
      />
      <button type="button">elsewhere</button>
      <output data-testid="value">{value}</output>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Search territory/ });
const menuOpen = () => screen.queryByRole('listbox') !== null;

describe('country selector', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('shows the code, name and flag of each territory, with the gb flag for the UK', async () => {
    render(<Harness />);
    await user().click(trigger());
    const uk = screen.getByRole('option', { name: /UK United Kingdom/ });
    expect(uk.querySelector('[data-flag]')?.getAttribute('data-flag')).toBe('gb');
    expect(screen.getAllByRole('option')).toHaveLength(30);
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('USUnited States');
    expect(screen.getByRole('option', { name: /US United States/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the placeholder when nothing is chosen', () => {
    render(<Harness initial={null} />);
    expect(trigger()).toHaveTextContent('Select Country');
  });

  it('filters by code or name as you type, and says when nothing matches', async () => {
    render(<Harness />);
    const u = user();
    await u.click(trigger());
    act(() => jest.advanceTimersByTime(countryMenuFocusDelayMs));
    const search = screen.getByRole('combobox');
    expect(search).toHaveAttribute('placeholder', 'Select Country');
    await u.type(search, 'ger');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['DEGermany']);
    await u.clear(search);
    await u.type(search, 'gb');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['UKUnited Kingdom']);
    await u.clear(search);
    await u.type(search, 'atlantis');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matches found.')).toBeInTheDocument();
  });

  it('focuses the search field 100 ms after opening', async () => {
    render(<Harness />);
    await user().click(trigger());
    const search = screen.getByRole('combobox');
    act(() => jest.advanceTimersByTime(countryMenuFocusDelayMs - 1));
    expect(search).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(1));
    expect(search).toHaveFocus();
  });

  it('opens on focus, and the click that follows the focus within 150 ms does not close it again', () => {
    render(<Harness />);
    act(() => trigger().focus());
    expect(menuOpen()).toBe(true);
    act(() => jest.advanceTimersByTime(countryMenuToggleDebounceMs - 10));
    fireEvent.click(trigger());
    expect(menuOpen()).toBe(true);
    act(() => jest.advanceTimersByTime(20));
    fireEvent.click(trigger());
    expect(menuOpen()).toBe(false);
  });

  it('moves through the matches with the arrow keys and picks with Enter', async () => {
    const picked: string[] = [];
    render(<Harness onPick={(code) => picked.push(code)} />);
    const u = user();
    await u.click(trigger());
    act(() => jest.advanceTimersByTime(countryMenuFocusDelayMs));
    // US is chosen, so it is highlighted first: down twice goes to DE.
    await u.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(screen.getByRole('combobox').getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /DE Germany/ }).id);
    await u.keyboard('{Enter}');
    expect(picked).toEqual(['DE']);
    expect(menuOpen()).toBe(false);
    expect(trigger()).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent('DE');
  });

  it('closes on Escape without reopening, and opens again with Space', async () => {
    render(<Harness />);
    const u = user();
    await u.click(trigger());
    act(() => jest.advanceTimersByTime(countryMenuFocusDelayMs));
    await u.keyboard('{Escape}');
    expect(menuOpen()).toBe(false);
    expect(trigger()).toHaveFocus();
    act(() => jest.advanceTimersByTime(countryMenuToggleDebounceMs));
    await u.keyboard(' ');
    expect(menuOpen()).toBe(true);
  });

  it('closes on an outside click and when the focus leaves it', async () => {
    render(<Harness />);
    const u = user();
    await u.click(trigger());
    expect(menuOpen()).toBe(true);
    fireEvent.mouseDown(document.body);
    expect(menuOpen()).toBe(false);

    act(() => jest.advanceTimersByTime(countryMenuToggleDebounceMs));
    await u.click(trigger());
    act(() => jest.advanceTimersByTime(countryMenuFocusDelayMs));
    expect(screen.getByRole('combobox')).toHaveFocus();
    await u.tab();
    expect(menuOpen()).toBe(false);
  });

  it('picks with a click', async () => {
    render(<Harness />);
    const u = user();
    await u.click(trigger());
    await u.click(screen.getByRole('option', { name: /FR France/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('FR');
    expect(trigger()).toHaveAccessibleName('Search territory: France');
  });
});

describe('filterCountries', () => {
  it('puts codes that start with the text before names that contain it', () => {
    expect(filterCountries(territoryOptions, 'a').slice(0, 3).map((option) => option.code)).toEqual(['AR', 'AT', 'AU']);
    expect(filterCountries(territoryOptions, '  ').length).toBe(30);
  });
});
