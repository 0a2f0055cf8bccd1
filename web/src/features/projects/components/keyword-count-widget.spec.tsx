import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { barWidth, KeywordCountWidget } from './keyword-count-widget';

describe('the keyword count widget (docs/product/projects.md §2)', () => {
  it('bar widths are each count over the total, as a percentage', () => {
    expect(barWidth(1250, 5000)).toBe('25%');
    expect(barWidth(0, 0)).toBe('0%');
  });

  it('shows 0 and Sign Up to users who are not full, without asking the server', () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <KeywordCountWidget isLoggedIn={false} isFullUser={false} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/mainpurchase/?page=default');
    expect(client.getQueryCache().getAll().map((query) => [query.state.fetchStatus, query.state.dataUpdateCount])).toEqual([['idle', 0]]);
  });
});
