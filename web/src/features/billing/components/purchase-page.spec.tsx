import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { loggedInState } from '@test/active-state';
import { Providers, createQueryClient } from '@/app/providers';
import { PurchasePage } from './purchase-page';

const receiptId = '123e4567-e89b-42d3-a456-426614174000';
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  posted = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(loggedInState({ email: 'ada@example.com' }));
    if (url.startsWith('/rest/billing/plans')) {
      return jsonResponse({ defaultPurchaseId: 1139, isSandbox: true, plans: [{ id: 'basic', name: 'Basic', monthlyCents: 3900, annualCents: 39600, annualSavingCents: 7200, trackedKeywords: 500 }] });
    }
    if (url.startsWith('/rest/billing/purchase')) {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return jsonResponse({ data: { isSuccessful: true, errors: [], subscription: {}, amountCents: 3900, receiptId } });
    }
    return jsonResponse([]);
  }) as unknown as typeof fetch;
});

describe('the purchase page after paying', () => {
  it('confirms the payment, says the receipt was e-mailed and links to it and to where the user was going', async () => {
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/upgrade?returnUrl=%2Fseo-keywords%3Fquery%3Da.com%26page%3D2']}>
          <PurchasePage />
        </MemoryRouter>
      </Providers>,
    );
    fireEvent.change(await screen.findByLabelText('Name on card'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiration month'), { target: { value: '12' } });
    const years = screen.getByLabelText('Expiration year') as HTMLSelectElement;
    fireEvent.change(years, { target: { value: years.options[years.options.length - 1]!.value } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Pay \$39/ }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Thank you, your payment went through');
    expect(confirmation).toHaveTextContent('$39 was charged to your card. Your receipt was e-mailed to ada@example.com.');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/account/receipt?id=${receiptId}`);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/seo-keywords?query=a.com&page=2');
    expect(posted).toHaveLength(1);
  });
});
