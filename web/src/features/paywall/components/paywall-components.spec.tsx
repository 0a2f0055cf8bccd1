import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LoggedOutCsvModal } from './logged-out-csv-modal';
import { PanelUpsell } from './panel-upsell';
import { PaywallPanel } from './paywall-panel';
import { PaywallTeaser } from './paywall-teaser';

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('PaywallTeaser', () => {
  it.each([
    ['visitor', '/mainpurchase', true],
    ['free-user', '/upgrade', false],
    ['old-table-visitor', '/mainpurchase', true],
    ['old-table-free-user', '/upgrade', false],
  ] as const)('%s variant says the documented texts and leads to %s', (variant, link, hasLogin) => {
    inRouter(<PaywallTeaser variant={variant} returnTo="/seo/keywords/domain?query=a.com" />);
    const teaser = screen.getByRole('complementary', { name: 'Want to view more results?' });
    expect(teaser).toHaveAttribute('data-variant', variant);
    expect(within(teaser).getByText('To view more data, subscribe to one of our plans.')).toBeInTheDocument();
    expect(within(teaser).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Advanced filtering and sorting',
      'Huge keyword database',
      'Export to Excel or CSV',
    ]);
    // The plans page comes back to the table after paying too (docs/decisions.md issue 24).
    expect(within(teaser).getByRole('link', { name: 'See Plans and Pricing' })).toHaveAttribute('href', `${link}?returnUrl=%2Fseo%2Fkeywords%2Fdomain%3Fquery%3Da.com`);
    const login = within(teaser).queryByRole('link', { name: 'Log in' });
    if (hasLogin) expect(login).toHaveAttribute('href', '/auth/login?returnUrl=%2Fseo%2Fkeywords%2Fdomain%3Fquery%3Da.com');
    else expect(login).toBeNull();
    expect(teaser.classList.contains('teaser--old-table')).toBe(variant.startsWith('old-table'));
  });
});

describe('PaywallPanel and PanelUpsell', () => {
  it('shows the paywall panel texts and buttons', () => {
    inRouter(<PaywallPanel />);
    const panel = screen.getByRole('region', { name: 'Get Unlimited Access' });
    expect(panel).toHaveTextContent('$39/month');
    expect(panel).toHaveTextContent('(Save $72 with annual billing)');
    expect(within(panel).getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/mainpurchase');
    expect(within(panel).getByRole('link', { name: 'VIEW ALL PLANS' })).toHaveAttribute('href', '/buy/register');
    expect(panel).toHaveTextContent('30 day money back guarantee');
  });

  it('shows the panel upsell leading to the main purchase page', () => {
    inRouter(<PanelUpsell />);
    const upsell = screen.getByRole('region', { name: 'Unlimited Projects - Unlimited Insight' });
    expect(within(upsell).getAllByRole('listitem')).toHaveLength(5);
    expect(upsell).toHaveTextContent('Unlimited access only $33 - money back guarantee.');
    expect(within(upsell).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/mainpurchase');
  });
});

describe('LoggedOutCsvModal', () => {
  it('offers log in and sign up, and closes on Escape and on the backdrop', async () => {
    const onClose = jest.fn();
    inRouter(<LoggedOutCsvModal onClose={onClose} returnUrl="/seo/keywords/domain?query=a.com" />);
    const dialog = screen.getByRole('dialog', { name: 'Log in to download CSV' });
    expect(within(dialog).getByRole('tab', { name: 'Log In' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
