import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { ReceiptPage } from './receipts-page';

describe('the receipt page', () => {
  it('says the receipt was not found when it is opened without one, instead of loading forever', () => {
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/account/receipt']}>
          <ReceiptPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByText(/That receipt was not found\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to receipts' })).toHaveAttribute('href', '/account/receipts');
  });
});
