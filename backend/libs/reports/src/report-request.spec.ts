import { describe, expect, it } from '@jest/globals';
import {
  defaultReportColors,
  projectReportSectionIds,
  reportOptionsSchema,
  reportRowLimits,
  reportSectionIds,
  reportTemplates,
  reportTemplateSections,
} from '@serpwise/contracts';
import { chooseBranding, planReport, reportRequestOf, rowLimitOf, sectionsOf, serpwiseBranding, type ReportRequest } from './report-request.js';

const request = (overrides: Partial<ReportRequest> = {}): ReportRequest => ({
  template: 'Executive',
  design: 'Surf',
  subject: { domain: 'alpha.example', territory: 'US' },
  branding: serpwiseBranding,
  ...overrides,
});

describe('report sections', () => {
  it('gives every template its own default sections, in its order', () => {
    expect(sectionsOf('Comprehensive')).toEqual(reportSectionIds.filter((id) => !(projectReportSectionIds as readonly string[]).includes(id)));
    expect(sectionsOf('Executive')).toEqual(['overview', 'traffic-history', 'competitors', 'ppc-overview']);
    expect(sectionsOf('Opportunity')).toEqual(['overview', 'opportunities', 'ranking-changes', 'keyword-overlap', 'ppc-competitors']);
    expect(sectionsOf('Progress')).toEqual(['overview', 'traffic-history', 'ranking-changes', 'top-pages', 'ppc-overview', 'backlinks']);
    expect(sectionsOf('Strategy')).toEqual(['overview', 'competitors', 'keyword-overlap', 'top-keywords', 'ppc-competitors', 'ppc-keywords', 'backlinks']);
    // Every template starts with the overview and prints only known sections, each once.
    for (const template of reportTemplates) {
      const sections = reportTemplateSections[template];
      expect(sections[0]).toBe('overview');
      expect(new Set(sections).size).toBe(sections.length);
      for (const section of sections) expect(reportSectionIds).toContain(section);
    }
  });

  it('keeps the chosen sections in the chosen order, without repeats or unknown ids', () => {
    expect(sectionsOf('Executive', ['backlinks', 'overview', 'top-pages'])).toEqual(['backlinks', 'overview', 'top-pages']);
    expect(sectionsOf('Executive', ['top-pages', 'top-pages', 'nonsense', 'overview', 'top-pages'])).toEqual(['top-pages', 'overview']);
  });

  it('falls back to the template when nothing (known) is chosen', () => {
    expect(sectionsOf('Progress', [])).toEqual([...reportTemplateSections.Progress]);
    expect(sectionsOf('Strategy', ['nonsense'])).toEqual([...reportTemplateSections.Strategy]);
  });

  it('puts the template\'s project sections first for a project, and drops project sections without one', () => {
    expect(sectionsOf('Progress', [], true)).toEqual(['tracked-keywords', 'keyword-winners-losers', 'keyword-groups', ...reportTemplateSections.Progress]);
    expect(sectionsOf('Comprehensive', undefined, true)).toEqual([...projectReportSectionIds, ...reportTemplateSections.Comprehensive]);
    // The Executive template stays its one page of domain figures.
    expect(sectionsOf('Executive', [], true)).toEqual([...reportTemplateSections.Executive]);
    expect(sectionsOf('Progress', ['keyword-list', 'overview'])).toEqual(['overview']);
    expect(sectionsOf('Progress', ['keyword-list', 'overview'], true)).toEqual(['keyword-list', 'overview']);
  });

  it('refuses a group without its project, and ids that are not UUIDs', () => {
    const base = { domain: 'alpha.example', countryCode: 'US' };
    expect(reportOptionsSchema.safeParse({ ...base, groupHash: '5f0c7f8e-8f0a-4a57-9d55-0a4b8f1e2c3d' }).success).toBe(false);
    expect(reportOptionsSchema.safeParse({ ...base, projectId: 'nope' }).success).toBe(false);
    const parsed = reportOptionsSchema.parse({ ...base, projectId: '5f0c7f8e-8f0a-4a57-9d55-0a4b8f1e2c3d', groupHash: '6f0c7f8e-8f0a-4a57-9d55-0a4b8f1e2c3d' });
    expect(reportRequestOf(parsed, serpwiseBranding, undefined, 'owner').project).toEqual({
      projectId: '5f0c7f8e-8f0a-4a57-9d55-0a4b8f1e2c3d',
      groupHash: '6f0c7f8e-8f0a-4a57-9d55-0a4b8f1e2c3d',
      ownerUserId: 'owner',
    });
  });

  it('does not let a caller change the template lists through the result', () => {
    sectionsOf('Executive').push('backlinks');
    expect(reportTemplateSections.Executive).not.toContain('backlinks');
  });
});

describe('row cap per table', () => {
  it('defaults to the documented default and clamps to 1 … max', () => {
    expect(rowLimitOf()).toBe(reportRowLimits.default);
    expect(rowLimitOf(0)).toBe(1);
    expect(rowLimitOf(-5)).toBe(1);
    expect(rowLimitOf(7.8)).toBe(7);
    expect(rowLimitOf(25)).toBe(25);
    expect(rowLimitOf(10_000)).toBe(reportRowLimits.max);
    expect(rowLimitOf(Number.NaN)).toBe(reportRowLimits.default);
  });
});

describe('planReport', () => {
  it('uses the custom title, else "<Template> Report for <domain>"', () => {
    expect(planReport(request({ title: '  Q3 review  ' })).title).toBe('Q3 review');
    expect(planReport(request({ title: '   ' })).title).toBe('Executive Report for alpha.example');
    expect(planReport(request()).title).toBe('Executive Report for alpha.example');
  });

  it('plans the sections and the row cap together', () => {
    expect(planReport(request({ sections: ['top-keywords', 'overview'], rowLimit: 99 }))).toEqual({
      sections: ['top-keywords', 'overview'],
      rowLimit: 50,
      title: 'Executive Report for alpha.example',
      layout: 'one-page',
    });
    expect(planReport(request({ template: 'Progress' })).layout).toBe('pages');
  });
});

describe('chooseBranding', () => {
  const design = { companyName: 'Acme SEO', primaryColor: '#112233', accentColor: '#445566', logo: { data: Buffer.from('x'), type: 'image/png' as const } };

  it('white-labels only a full recon user who asks for it', () => {
    expect(chooseBranding({ whiteLabel: true, isReconUser: true, design })).toEqual({ kind: 'white-label', ...design });
    expect(chooseBranding({ whiteLabel: true, isReconUser: false, design })).toEqual(serpwiseBranding);
    expect(chooseBranding({ whiteLabel: false, isReconUser: true, design })).toEqual(serpwiseBranding);
  });

  it('gives a recon user without a saved design an unbranded report in the default colours', () => {
    expect(chooseBranding({ whiteLabel: true, isReconUser: true, design: null })).toEqual({ kind: 'white-label', companyName: '', logo: null, ...defaultReportColors });
  });
});

describe('reportRequestOf', () => {
  it('maps the browser options onto a render request', () => {
    const options = reportOptionsSchema.parse({ domain: 'alpha.example', countryCode: 'uk', sections: 'overview,backlinks', rowLimit: '5', customTitle: 'T', month: '2026-09' });
    const at = new Date('2026-11-01T00:00:00Z');
    expect(reportRequestOf(options, serpwiseBranding, at)).toEqual({
      template: 'Comprehensive',
      design: 'Surf',
      title: 'T',
      preparedBy: '',
      preparedFor: '',
      comments: '',
      sections: ['overview', 'backlinks'],
      subject: { domain: 'alpha.example', territory: 'UK', month: '2026-09' },
      rowLimit: 5,
      branding: serpwiseBranding,
      generatedAt: at,
    });
  });
});
