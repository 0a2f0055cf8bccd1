import { describe, expect, it } from '@jest/globals';
import type { KeywordComparisonRow, KeywordOverviewAnswer } from '@serpwise/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { DataTable } from '@/components/ui/table/data-table';
import { activeState } from '@test/active-state';
import { jsonResponse } from '@test/fake-socket';
import { KeywordOverviewPage } from './keyword/keyword-overview-page';
import { keywordComparisonColumns } from './seo/seo-columns';

/**
 * Unknown stays unknown (docs/decisions.md, issue 19): a Search Console query has no volume, CPC or difficulty; the
 * screens show "—" for it (the one formatter, lib/format.ts), never 0 or $0.00.
 */
const query: KeywordComparisonRow = {
  keyword: 'harrowgate bakehouse', url: null, position: 1, previousPosition: null, positionChange: null,
  volume: null, cpc: null, difficulty: null, clicks: 412, impressions: 980, ctr: 42.04, previousClicks: 0, clicksChange: 412, value: null, competitor: null, competitorPosition: null,
};

describe('unknown keyword numbers on screen', () => {
  it('a research table shows "—" for an unknown volume, CPC, difficulty and value', () => {
    const columns = keywordComparisonColumns('US');
    render(
      <MemoryRouter>
        <DataTable caption="Keywords" columns={columns} rows={[query]} rowKey={(row) => row.keyword} sort={null} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Keywords' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent ?? '');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent ?? '');
    const cellOf = (label: string) => cells[headers.findIndex((header) => header.startsWith(label))];
    for (const label of ['Volume', 'CPC', 'Difficulty', 'Value']) expect([label, cellOf(label)]).toEqual([label, '—']);
    expect(cellOf('Clicks')).toBe('412');
    expect(cells.join(' ')).not.toMatch(/\$0\.00/);
  });

  it('the keyword overview shows "—" for a full user, not a lock and not 0', async () => {
    const overview: KeywordOverviewAnswer = {
      keyword: 'harrowgate bakehouse', territory: 'US', wasQueryFound: true, month: '2026-09-01', volume: null, volumeHistory: [], cpc: null,
      difficulty: null, competition: null, resultCount: null, isQuestion: false, isTransactional: false, organic: [], advertisers: [],
    };
    globalThis.fetch = (async (url: string) => {
      if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(activeState({ isLoggedIn: true, isFullUser: true, roles: ['full'], userId: 'u1', id: 'u1' }));
      if (url.startsWith('/rest/research/keyword/overview')) return jsonResponse(overview);
      return jsonResponse([]);
    }) as unknown as typeof fetch;
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/keyword/overview?query=harrowgate%20bakehouse&countryCode=US']}>
          <KeywordOverviewPage />
        </MemoryRouter>
      </Providers>,
    );
    const metric = async (label: string) => (await screen.findByText(label)).closest('.metric-card')?.querySelector('.metric-card__value')?.textContent;
    expect(await metric('Monthly searches')).toBe('—');
    expect(await metric('Difficulty')).toBe('—');
    expect(await metric('Paid competition')).toBe('—');
    // (The lock shows only until the page knows the viewer is a full user.)
    await waitFor(async () => expect(await metric('Cost per click')).toBe('—'));
  });
});
