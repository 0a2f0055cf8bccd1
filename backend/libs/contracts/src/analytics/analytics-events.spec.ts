import { describe, expect, it } from '@jest/globals';
import { analyticsCountBucket, analyticsEventNames, analyticsEvents, analyticsLabelProblem, clientAnalyticsEventNames } from './analytics-events.js';
import { analyticsCountsQuerySchema, loggedInEventRequestSchema } from './analytics.api.js';

describe('the analytics event catalogue (docs/product/site.md §7)', () => {
  it('has the documented account events, missed searches and export types as written', () => {
    expect(Object.keys(analyticsEvents)).toEqual(expect.arrayContaining(['Acct_Billed', 'Acct_Cancelled', 'Acct_Password_Reset', 'Acct_CCInfo_Changed']));
    expect(analyticsEvents.Search_Domain_Missed).toMatchObject({ category: 'Missed Search - Domain', action: 'DomainNotFound' });
    expect(analyticsEvents.Search_Keyword_Missed.action).toBe('KeywordNotFound');
    expect(analyticsEvents.Search_Url_Missed.action).toBe('UrlNotFound');
    const exportActions = analyticsEventNames.filter((name) => analyticsEvents[name].category === 'Export').map((name) => analyticsEvents[name].action);
    expect(exportActions.sort()).toEqual(['Clipboard', 'Excel', 'Google Sheets', 'PDF']);
  });

  it('covers every documented area with a category', () => {
    const categories = new Set(analyticsEventNames.map((name) => analyticsEvents[name].category));
    for (const area of ['SEO', 'PPC', 'Keyword', 'Outreach', 'Sites', 'Leads', 'Reports', 'Account', 'Help']) expect(categories).toContain(area);
  });

  it('keeps names, categories and actions within the table columns and unique', () => {
    expect(new Set(analyticsEventNames).size).toBe(analyticsEventNames.length);
    for (const name of analyticsEventNames) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(analyticsEvents[name].category.length).toBeLessThanOrEqual(64);
      expect(analyticsEvents[name].action.length).toBeLessThanOrEqual(64);
    }
  });

  it('lists no label value that looks like personal data', () => {
    for (const name of analyticsEventNames) {
      const rule = analyticsEvents[name].label;
      if (rule.kind === 'none') continue;
      expect(rule.values.length).toBeGreaterThan(0);
      for (const value of rule.values) {
        expect(value.length).toBeLessThanOrEqual(200);
        expect(analyticsLabelProblem(name, value)).toBeNull();
      }
    }
  });

  it('refuses a label off the list, a missing one, one where none is taken, and anything like an e-mail or a number', () => {
    expect(analyticsLabelProblem('Acct_Billed', 'Basic')).toBeNull();
    expect(analyticsLabelProblem('Acct_Billed', 'Platinum')).toBe('The label of Acct_Billed must be one of its listed values.');
    expect(analyticsLabelProblem('Acct_Billed', null)).toBe('Acct_Billed needs a label.');
    expect(analyticsLabelProblem('Acct_Password_Reset', 'someone')).toBe('Acct_Password_Reset has no label.');
    expect(analyticsLabelProblem('Acct_Password_Reset', null)).toBeNull();
    expect(analyticsLabelProblem('Export_Excel', 'ann@example.com')).toBe('The label of Export_Excel looks like personal data.');
    expect(analyticsLabelProblem('Export_Excel', '4111111111111111')).toBe('The label of Export_Excel looks like personal data.');
    expect(analyticsLabelProblem('SEO_Table_Viewed', 'seo/keywords')).toBeNull();
    expect(analyticsLabelProblem('SEO_Table_Viewed', 'ppc/keywords')).not.toBeNull();
  });

  it('says a count as a bucket', () => {
    expect([1, 2, 10, 11, 100, 101, 1000, 1001].map(analyticsCountBucket)).toEqual(['1', '2-10', '2-10', '11-100', '11-100', '101-1000', '101-1000', 'over 1000']);
  });
});

describe('the documented call (performloggedineventlogging)', () => {
  it('takes the missed searches and the browser-only events, with a listed label', () => {
    expect(clientAnalyticsEventNames.sort()).toEqual(['Export_Clipboard', 'Help_Opened']);
    expect(loggedInEventRequestSchema.safeParse({ eventName: 'Search_Domain_Missed', eventCategory: 'Missed Search - Domain', eventAction: 'DomainNotFound', pageName: '' }).success).toBe(true);
    expect(loggedInEventRequestSchema.safeParse({ eventName: 'Export_Clipboard', eventCategory: 'Export', eventAction: 'Clipboard', eventLabel: 'seo/keywords' }).success).toBe(true);
  });

  it('refuses a server-side event, a wrong action or category, and a label off the list', () => {
    const refusal = (input: object) => loggedInEventRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(refusal({ eventName: 'Acct_Billed', eventLabel: 'Basic' })?.[0]).toMatch(/^eventName must be one of/);
    expect(refusal({ eventName: 'Search_Url_Missed', eventAction: 'DomainNotFound' })).toEqual(['eventAction of Search_Url_Missed is UrlNotFound.']);
    expect(refusal({ eventName: 'Help_Opened', eventCategory: 'SEO', eventLabel: 'account-menu' })).toEqual(['eventCategory of Help_Opened is Help.']);
    expect(refusal({ eventName: 'Export_Clipboard', eventLabel: 'ann@example.com' })).toEqual(['The label of Export_Clipboard looks like personal data.']);
    expect(refusal({ eventName: 'Search_Domain_Missed', eventLabel: 'what I typed' })).toEqual(['Search_Domain_Missed has no label.']);
  });
});

describe('the admin counts query', () => {
  it('takes days in order, at most 93 of them', () => {
    expect(analyticsCountsQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-27' }).success).toBe(true);
    expect(analyticsCountsQuerySchema.safeParse({}).success).toBe(true);
    expect(analyticsCountsQuerySchema.safeParse({ from: '2026-11-28', to: '2026-11-27' }).error?.issues[0]?.message).toBe('from must not be after to.');
    expect(analyticsCountsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-11-27' }).error?.issues[0]?.message).toBe('Choose at most 93 days.');
    expect(analyticsCountsQuerySchema.safeParse({ from: 'yesterday' }).error?.issues[0]?.message).toBe('from must be a day (YYYY-MM-DD).');
  });
});
