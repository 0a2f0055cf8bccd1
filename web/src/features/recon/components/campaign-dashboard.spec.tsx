import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { HqDashboard } from '@serpwise/contracts';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { Providers, createQueryClient } from '@/app/providers';
import { CampaignDashboard } from './campaign-dashboard';

const dashboard: HqDashboard = {
  projects: [{ id: 'p1', projectName: 'Launch', primaryDomainName: 'shop.example', territory: 'US', keywordCount: 0, groupCount: 0, linkCount: 0, createdAt: '2026-11-01T00:00:00Z' }],
  reconReports: [],
  keywords: { totalCount: 15_000, usedCount: 12, mySerpwiseCount: 7, keywordRankingReportCount: 3, weeklyTrackingCount: 2 },
  billing: null,
};

describe('the /hq campaign dashboard', () => {
  it('says the tracked-keyword parts are keywords, so a count of 0 beside a listed project is not read as "0 projects"', async () => {
    globalThis.fetch = (async () => jsonResponse(dashboard)) as unknown as typeof fetch;
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter>
          <CampaignDashboard />
        </MemoryRouter>
      </Providers>,
    );
    const card = await screen.findByRole('region', { name: 'Tracked keywords' });
    expect(card).toHaveTextContent('In projects 7 · in recon reports 3 · in weekly tracking 2');
    expect(card).not.toHaveTextContent(/Projects \d/);
  });
});
