import { describe, expect, it, jest } from '@jest/globals';
import { reportDesigns, reportSectionIds, reportSectionTitle, reportTemplates, reportTemplateSections } from '@serpwise/contracts';
import type { KeywordRow } from '@serpwise/contracts';
import type { DomainMonthPoint, KeywordComparisonRow, Sql } from '@serpwise/research';
import { pdfText, squeezeSpaces } from '../../../../infra/test/pdf-text.js';
import { sampleJpeg, solidPng } from '../../../../infra/test/images.js';
import { checkLogo, maxLogoPixels } from './logo.js';
import { gatherReportData, limitConcurrency, reportQueryConcurrency, type ReportData } from './report-data.js';
import { pdfPageCount, renderReport, renderReportFromData, reportFileName, reportToBuffer } from './render-report.js';
import { serpwiseBranding, type ReportRequest } from './report-request.js';
import { renderReportView } from './html/report-view.js';

// Each case draws whole PDFs (embedded fonts, pdftotext read-backs): a second or two on a quiet machine, past Jest's
// default 5 s on a loaded one.
jest.setTimeout(30_000);

const month = (index: number) => `2026-${String(index).padStart(2, '0')}-01`;
const point = (index: number): DomainMonthPoint => ({
  month: month(index),
  clicks: 1000 + index * 150,
  keywords: 40 + index,
  position: 12 - index / 4,
  top3: 3 + index,
  top10: 10 + index,
  value: 2500 + index * 10,
  paidKeywords: index > 4 ? 12 : 0,
  paidClicks: index > 4 ? 300 : 0,
  budget: index > 4 ? 1234.5 : 0,
});
const keywordRow = (keyword: string, position: number, clicks: number): KeywordComparisonRow => ({
  keyword,
  url: `https://alpha.example/${keyword.replace(/ /g, '-')}`,
  position,
  previousPosition: position + 2,
  positionChange: 2,
  volume: 12_100,
  cpc: 1.25,
  difficulty: 40,
  clicks,
  impressions: null,
  ctr: null,
  previousClicks: clicks - 10,
  clicksChange: 10,
  value: clicks * 1.25,
  competitor: null,
  competitorPosition: null,
});

/** Data for every section, with numbers that only appear where they belong. */
const fixture: ReportData = {
  domain: 'alpha.example',
  territory: 'US',
  month: month(10),
  history: Array.from({ length: 10 }, (_, index) => point(index + 1)),
  current: point(10),
  previous: point(9),
  ppc: {
    domain: 'alpha.example',
    territory: 'US',
    wasQueryFound: true,
    month: month(10),
    latest: { month: month(10), paidKeywords: 12, paidClicks: 300, budget: 1234.5 },
    adCopies: 4,
    history: Array.from({ length: 10 }, (_, index) => ({ month: month(index + 1), paidKeywords: index > 4 ? 12 : 0, paidClicks: index > 4 ? 300 : 0, budget: index > 4 ? 1234.5 : 0 })),
  },
  topKeywords: { rows: [keywordRow('red running shoes', 3, 4321), keywordRow('trail shoes', 5, 987)], totalRows: 345 },
  gainedRanks: { rows: [keywordRow('gained keyword', 4, 50)], totalRows: 12 },
  lostRanks: { rows: [], totalRows: 0 },
  opportunities: { rows: [keywordRow('almost there shoes', 14, 21)], totalRows: 9 },
  competitors: { rows: [{ domain: 'beta.example', commonKeywords: 17_654, theirKeywords: 23_456, overlap: 41.7, clicks: 55_555, value: 1234.56 }], totalRows: 31 },
  overlap: {
    domains: ['alpha.example', 'beta.example', 'gamma.example'],
    counts: {
      venn: [
        { domains: ['alpha.example'], keywords: 11 },
        { domains: ['beta.example'], keywords: 12 },
        { domains: ['alpha.example', 'beta.example'], keywords: 13 },
        { domains: ['gamma.example'], keywords: 14 },
        { domains: ['alpha.example', 'gamma.example'], keywords: 15 },
        { domains: ['beta.example', 'gamma.example'], keywords: 16 },
        { domains: ['alpha.example', 'beta.example', 'gamma.example'], keywords: 17 },
      ],
      segments: { all: 98, core: 17, missing: 42, content: 7, questions: 3, transactional: 5 },
    },
  },
  topPages: { rows: [{ url: 'https://alpha.example/shoes', title: 'Shoes', keywords: 8, bestPosition: 2, clicks: 7777, impressions: null, ctr: null, value: 321.5, clicksShare: 12.5 }], totalRows: 40 },
  ppcKeywords: {
    rows: [{ keyword: 'buy shoes online', volume: 8100, cpc: 2.5, position: 1, paidClicks: 222, budget: 555, monthsBought: 9, firstMonth: month(2), headline: 'h', body: 'b', displayUrl: 'd' }],
    totalRows: 12,
  },
  ppcCompetitors: { rows: [{ domain: 'delta.example', commonKeywords: 6, competitionLevel: 0.3333, paidKeywords: 44, paidClicks: 888, budget: 4321 }], totalRows: 3 },
  backlinks: {
    rows: [{ sourceUrl: 'https://news.example/post', sourceDomain: 'news.example', targetUrl: 'https://alpha.example/', anchor: 'great shoes', nofollow: false, firstSeen: '2026-09-14', lastSeen: null, live: true }],
    totalRows: 25,
    lost: 5,
  },
};

const request = (overrides: Partial<ReportRequest> = {}): ReportRequest => ({
  template: 'Comprehensive',
  design: 'Surf',
  title: 'Quarterly Search Review',
  preparedBy: 'Ada Analyst',
  preparedFor: 'Bob Buyer',
  comments: 'Traffic grew all quarter; the paid budget held steady.',
  subject: { domain: 'alpha.example', territory: 'US' },
  branding: serpwiseBranding,
  generatedAt: new Date('2026-11-22T12:00:00Z'),
  ...overrides,
});

const render = async (input: ReportRequest, data = fixture) => {
  const pdf = await reportToBuffer(renderReportFromData(input, data));
  return { pdf, text: squeezeSpaces(await pdfText(pdf)) };
};

describe('renderReportFromData', () => {
  it('writes a real PDF whose text holds the cover, every section heading and the table numbers', async () => {
    const { pdf, text } = await render(request());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toContain('Quarterly Search Review');
    expect(text).toContain('Ada Analyst');
    expect(text).toContain('Bob Buyer');
    expect(text).toContain('Traffic grew all quarter; the paid budget held steady.');
    expect(text).toContain('alpha.example · United States · Oct 2026');
    for (const id of reportTemplateSections.Comprehensive) expect(text).toContain(reportSectionTitle(id));
    expect(text).toMatch(/red running shoes 3 12,100 \$1\.25 4,321 \$5,401/);
    expect(text).toMatch(/beta\.example 17,654 23,456 41\.7% 55,555 \$1,235/);
    expect(text).toMatch(/delta\.example 6 33\.3% 44 888 \$4,321/);
    expect(text).toMatch(/buy shoes online 1 8,100 \$2\.50 222 \$555 9/);
    expect(text).toContain('Showing 2 of 345 keywords');
    expect(text).toContain('Serpwise');
    // A cover page, then sections that start a page unless the one before left more than half of it free.
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(4);
    expect(pages).toBeLessThan(1 + reportSectionIds.length);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('prints an unknown volume, CPC, difficulty, clicks or value as "—", never 0 (a Search Console query)', async () => {
    const unknown: KeywordComparisonRow = { ...keywordRow('harrowgate bakehouse', 1, 412), volume: null, cpc: null, difficulty: null, value: null };
    const noClicks: KeywordComparisonRow = { ...keywordRow('bakery near me', 14, 0), volume: null, cpc: null, difficulty: null, clicks: null, value: null };
    const { text } = await render(request({ sections: ['top-keywords', 'opportunities'] }), {
      ...fixture,
      topKeywords: { rows: [unknown], totalRows: 1 },
      opportunities: { rows: [noClicks], totalRows: 1 },
    });
    expect(text).toMatch(/harrowgate bakehouse 1 — — 412 —/);
    expect(text).toMatch(/bakery near me 14 — — — —/);
    expect(text).not.toMatch(/harrowgate bakehouse 1 0/);
  });

  it('draws text of every supported territory: letters outside Western European text in an embedded font, as real text', async () => {
    // Polish, Turkish, Ukrainian, Japanese and Hindi keywords; PDF's standard fonts encode Western European text only.
    const keywords = ['łódź zakupy', 'İstanbul ağrı', 'київ доставка', '東京 ホテル', 'दिल्ली होटल'];
    const data: ReportData = { ...fixture, topKeywords: { rows: keywords.map((keyword, index) => keywordRow(keyword, index + 1, 100 + index)), totalRows: 5 } };
    const { pdf, text } = await render(request({ title: 'Raport: Łódź i Kraków', comments: 'Ранжування зросло; 順位が上がった.' }), data);
    for (const keyword of keywords.slice(0, 4)) expect(text).toContain(keyword);
    // Shaped Devanagari: the vowel sign ि is drawn before its consonant, and pdftotext reads glyphs in drawn order.
    expect(text).toContain('िदल्ली होटल');
    expect(text).toContain('Raport: Łódź i Kraków');
    expect(text).toContain('Ранжування зросло; 順位が上がった.');
    // Only the faces and weights that were needed: Noto Sans for the Latin, Cyrillic and Devanagari text (the title in
    // bold), Noto Sans JP for the Japanese keyword and comment.
    const embedded = pdf.toString('latin1').match(/\/FontName \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(new Set(embedded.map((name) => name.replace(/.*\+/, '')))).toEqual(new Set(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansJP-Regular']));
  });

  it('keeps Western European text in the design\'s standard fonts, embedding none', async () => {
    const { pdf, text } = await render(request({ title: 'Überblick für Café Señor — €' }));
    expect(text).toContain('Überblick für Café Señor — €');
    expect(pdf.toString('latin1')).not.toMatch(/\/FontFile2/);
  });

  it('prints only the chosen sections, in the chosen order', async () => {
    const { pdf, text } = await render(request({ sections: ['backlinks', 'competitors'] }));
    const backlinks = text.indexOf('Backlinks');
    const competitors = text.indexOf('Organic Competitors');
    expect(backlinks).toBeGreaterThan(-1);
    expect(competitors).toBeGreaterThan(backlinks);
    expect(text).not.toContain('Top Organic Keywords');
    expect(text).not.toContain('PPC Overview');
    // Backlinks fill less than half a page: the competitors follow on it (a cover and one page).
    expect(pdfPageCount(pdf)).toBe(2);
  });

  it.each(reportTemplates)('prints the %s template’s default sections', async (template) => {
    const { text } = await render(request({ template, title: '' }));
    expect(text).toContain(`${template} Report for alpha.example`);
    for (const id of reportSectionIds) {
      if (reportTemplateSections[template].includes(id)) expect(text).toContain(reportSectionTitle(id));
    }
    const last = reportTemplateSections[template].at(-1)!;
    const headings = reportTemplateSections[template].map((id) => text.indexOf(`\n${reportSectionTitle(id)}`));
    expect(headings.every((index) => index >= 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(last).toBeTruthy();
  });

  it.each(reportDesigns)('renders the %s design', async (design) => {
    const { text } = await render(request({ design, sections: ['overview', 'competitors'] }));
    expect(text).toContain('Quarterly Search Review');
    expect(text).toContain('Domain Overview');
    expect(text).toMatch(/beta\.example 17,654/);
  });

  it('white-labels: the company name and logo instead of Serpwise, anywhere in the file', async () => {
    const logo = solidPng(120, 40, { alpha: 200 });
    const { pdf, text } = await render(
      request({ branding: { kind: 'white-label', companyName: 'Acme Growth Partners', logo: { data: logo, type: 'image/png' }, primaryColor: '#7c2d12', accentColor: '#0f766e' } }),
    );
    expect(text).toContain('Acme Growth Partners');
    expect(text).not.toMatch(/serpwise/i);
    expect(pdf.toString('latin1')).not.toMatch(/serpwise/i); // metadata too
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    // The logo (and its alpha mask) is embedded once for the cover and all 13 page headers.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    const jpeg = await render(request({ sections: ['overview'], branding: { kind: 'white-label', companyName: 'Acme', logo: { data: sampleJpeg(), type: 'image/jpeg' }, primaryColor: '#7c2d12', accentColor: '#0f766e' } }));
    expect(jpeg.pdf.toString('latin1')).toContain('/Filter /DCTDecode');
  });

  it('says so when a section has no data', async () => {
    const { text } = await render(request({ sections: ['ranking-changes', 'ppc-keywords'] }), { ...fixture, lostRanks: { rows: [], totalRows: 0 }, ppcKeywords: { rows: [], totalRows: 0 } });
    expect(text).toContain('Lost ranks');
    expect(text).toContain('No keywords in Oct 2026.');
    expect(text).toContain('No paid keywords for alpha.example in the United States in Oct 2026.');
  });

  it('names the file after the domain, template and month', () => {
    expect(reportFileName(request(), '2026-10-01')).toBe('serpwise-alpha.example-comprehensive-2026-10.pdf');
    expect(reportFileName(request({ branding: { kind: 'white-label', companyName: '', logo: null, primaryColor: '#000000', accentColor: '#ffffff' } }), null)).toBe('report-alpha.example-comprehensive.pdf');
  });
});

/** A warehouse stand-in that answers the few look-ups a report starts with and records every query. */
function recordingSql() {
  const queries: { text: string; params: readonly unknown[] }[] = [];
  const sql: Sql = {
    query: async <T extends object>(text: string, params: readonly unknown[] = []) => {
      queries.push({ text, params });
      if (text.includes('from domain d left join domain_month m')) {
        return fixture.history.map((entry) => ({
          domain_id: 1, domain: 'alpha.example', month: entry.month, organic_keywords: entry.keywords, organic_top3: entry.top3, organic_top10: entry.top10,
          organic_clicks: String(entry.clicks), organic_value: String(entry.value), average_position: String(entry.position),
          paid_keywords: entry.paidKeywords, paid_clicks: String(entry.paidClicks), paid_budget: String(entry.budget),
        })) as unknown as T[];
      }
      if (/^select id from domain where name = \?/.test(text)) return [{ id: params[0] === 'alpha.example' ? 1 : 2 }] as T[];
      if (text.includes('max(month)')) return [{ month: month(10) }] as T[];
      if (text.includes('count(*)::int as total')) return [{ total: 500 }] as T[];
      if (text.includes('count(*) filter')) return [{ all: 0, core: 0, missing: 0, content: 0, questions: 0, transactional: 0 }] as T[];
      if (text.includes('"commonKeywords"') && text.includes(' limit ')) return [{ domain: 'beta.example' }, { domain: 'gamma.example' }] as T[];
      return [] as T[];
    },
  };
  return { sql, queries };
}

/** The row window a paged query asks for: pageOf inlines "limit N offset M", the PPC kit passes them as parameters. */
const limitOf = (query: { text: string; params: readonly unknown[] }): number | null => {
  const inline = / limit (\d+) offset \d+$/.exec(query.text);
  if (inline) return Number(inline[1]);
  if (/ limit \? offset \?$/.test(query.text)) return Number(query.params.at(-2));
  return null;
};

describe('gatherReportData', () => {
  it('caps every table at the row limit, and reads only what the sections need', async () => {
    const all = recordingSql();
    const data = await gatherReportData(all.sql, request(), { sections: [...reportSectionIds], rowLimit: 7 });
    const limits = all.queries.map(limitOf).filter((limit): limit is number => limit !== null);
    // Nine tables: top keywords, gained, lost, opportunities, competitors, top pages, PPC keywords, PPC competitors, backlinks.
    expect(limits.filter((limit) => limit === 7)).toHaveLength(9);
    // The only other window is the one-row read that counts lost backlinks.
    expect(limits.filter((limit) => limit !== 7)).toEqual([1]);
    expect(data.overlap?.domains).toEqual(['alpha.example', 'beta.example', 'gamma.example']);

    const few = recordingSql();
    const told: [number, number][] = [];
    const small = await gatherReportData(few.sql, request(), { sections: ['top-pages'], rowLimit: 3 }, (finished, inAll) => told.push([finished, inAll]));
    // The report job's progress by section hears of each table read (issue 21).
    expect(told).toEqual([[1, 1]]);
    expect(few.queries.map(limitOf).filter((limit) => limit !== null)).toEqual([3]);
    expect(small.topKeywords).toBeUndefined();
    expect(small.competitors).toBeUndefined();
    expect(small.current?.month).toBe(month(10));
    expect(small.previous?.month).toBe(month(9));
  });

  it('runs at most a few queries at once, so a report leaves connections for everyone else', async () => {
    let inFlight = 0;
    let most = 0;
    const slow: Sql = {
      query: async <T extends object>(text: string) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return [{ text }] as unknown as T[];
      },
    };
    const limited = limitConcurrency(slow, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => limited.query<{ text: string }>(`q${index}`)));
    expect(answers.map(([row]) => row!.text)).toEqual(Array.from({ length: 12 }, (_, index) => `q${index}`));
    expect(most).toBe(3);

    // A whole report through the recording stand-in: never more than reportQueryConcurrency at once.
    const { sql } = recordingSql();
    inFlight = 0;
    most = 0;
    const counted: Sql = {
      query: async <T extends object>(text: string, params?: readonly unknown[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        try {
          return await sql.query<T>(text, params);
        } finally {
          inFlight -= 1;
        }
      },
    };
    await gatherReportData(counted, request(), { sections: [...reportSectionIds], rowLimit: 5 });
    expect(most).toBe(reportQueryConcurrency);
  });

  it('reads the requested month and keeps later history out', async () => {
    const { sql, queries } = recordingSql();
    const data = await gatherReportData(sql, request({ subject: { domain: 'alpha.example', territory: 'US', month: '2026-06' } }), { sections: ['top-pages'], rowLimit: 5 });
    expect(data.month).toBe('2026-06-01');
    expect(data.current?.month).toBe('2026-06-01');
    expect(data.history.at(-1)?.month).toBe('2026-06-01');
    expect(queries.some((query) => query.params.includes('2026-06-01'))).toBe(true);
  });

  it('refuses a domain the research data does not know, as a stream error from renderReport', async () => {
    const sql: Sql = { query: async () => [] };
    await expect(gatherReportData(sql, request(), { sections: ['overview'], rowLimit: 5 })).rejects.toThrow('alpha.example is not in the research data.');
    await expect(reportToBuffer(renderReport(request(), { research: sql }))).rejects.toThrow('alpha.example is not in the research data.');
  });
});

describe('checkLogo', () => {
  it('accepts a small PNG or JPEG and says which it is', () => {
    expect(checkLogo(solidPng(200, 60))).toEqual({ ok: true, type: 'image/png', width: 200, height: 60 });
    expect(checkLogo(solidPng(20, 20, { alpha: 128 }))).toMatchObject({ ok: true, type: 'image/png' });
    expect(checkLogo(sampleJpeg())).toEqual({ ok: true, type: 'image/jpeg', width: 180, height: 60 });
  });

  it('refuses other files, broken images, large files and huge images', () => {
    expect(checkLogo(Buffer.alloc(0))).toEqual({ ok: false, message: 'Choose a logo file to upload.' });
    expect(checkLogo(Buffer.from('GIF89a........'))).toEqual({ ok: false, message: 'The logo must be a PNG or JPEG image.' });
    expect(checkLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, message: 'The logo must be a PNG or JPEG image.' });
    expect(checkLogo(solidPng(50, 50, { corrupt: true }))).toEqual({ ok: false, message: 'The logo must be a PNG or JPEG image.' });
    expect(checkLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toEqual({ ok: false, message: 'The logo must be a PNG or JPEG image.' });
    expect(checkLogo(Buffer.concat([solidPng(10, 10), Buffer.alloc(200 * 1024)]))).toEqual({ ok: false, message: 'The logo must be at most 200 KB.' });
    expect(checkLogo(solidPng(maxLogoPixels + 1, 2))).toEqual({ ok: false, message: 'The logo must be at most 2000 pixels wide and 2000 pixels high.' });
  });
});

// ------------------------------------------------------------------------------------- layout and project sections

const trackedRow = (termId: number, keyword: string, currentRank: number | null, previousRank: number | null, extra: Partial<KeywordRow> = {}): KeywordRow => ({
  termId,
  keyword,
  monthlySearches: 1_000 * termId,
  costPerClick: 1.5,
  rankingDifficulty: 30,
  currentRank,
  previousRank,
  rankChange: currentRank !== null && previousRank !== null ? previousRank - currentRank : null,
  clickChange: 12 * termId,
  groupsCsv: 'Shoes',
  groupCount: 1,
  labelsCsv: '',
  labelCount: 0,
  addedAt: '2026-10-01T00:00:00.000Z',
  ...extra,
});

const trackedRows = [
  trackedRow(7, 'trail running shoes', 2, 9),
  trackedRow(6, 'waterproof boots', 12, 4, { clickChange: -3_400 }),
  trackedRow(5, 'hiking socks', 5, 5),
  trackedRow(4, 'sandals sale', null, 15),
  trackedRow(3, 'kids sneakers', 18, null),
];

const projectFixture: ReportData = {
  ...fixture,
  project: {
    name: 'Alpha shop',
    groupName: null,
    domain: 'alpha.example',
    month: month(10),
    comparedTo: month(9),
    keywords: trackedRows.map((row, index) => ({
      row,
      clicks: row.currentRank === null ? null : 17_500 + index,
      week: index === 0 ? { day: '2026-10-20', position: 2, weekAgoDay: '2026-10-13', weekAgoPosition: 6 } : null,
    })),
    groups: [{ name: 'Shoes', numberOfKeywords: 5, rankChange: 3, clickChange: 1_234_567, top10: 2, averagePosition: 9.25 }],
    competitors: [{ domain: 'beta.example', keywords: trackedRows.map((row) => ({ ...row, currentRank: row.currentRank === null ? 1 : row.currentRank + 1 })) }],
  },
};

const projectRequest = request({ sections: ['tracked-keywords', 'keyword-winners-losers', 'keyword-groups', 'keyword-list', 'competitor-comparison'], project: { projectId: 'p', ownerUserId: 'u' } });

describe('project sections', () => {
  it('print the tracked keywords\' numbers through the shared number rule', async () => {
    const { text } = await render(projectRequest, projectFixture);
    // Tiles: 5 tracked, 4 in the top 20, average 9.3, estimated clicks 17,500+17,501+17,502+17,504, a week of one keyword.
    expect(text).toContain('Tracked Keywords');
    expect(text).toMatch(/TRACKED KEYWORDS AVERAGE POSITION ESTIMATED MONTHLY CLICKS\s+5 9\.3 70,007\s+4 in the top 20 of the ranking keywords -3,172 since Sep 2026/);
    expect(text).toMatch(/IMPROVED THIS MONTH IMPROVED THIS WEEK ON PAGE ONE\s+1 1 2\s+1 declined 0 declined 1 in the top 3/);
    expect(text).toMatch(/Positions 1–3 1\s+Positions 4–10 1\s+Positions 11–20 2\s+Not in the top 20 1/);
    // Positions and changes: this week 1 improved; the month: 1 improved, 1 declined, 1 unchanged, 1 entered, 1 dropped.
    expect(text).toMatch(/This week 1 0 0 0 0/);
    expect(text).toMatch(/Oct 2026 \(month\) 1 1 1 1 1/);
    // Winners and losers with the month's and the week's change.
    expect(text).toMatch(/trail running shoes 9 2 \+7 \+4 \+84/);
    expect(text).toMatch(/waterproof boots 4 12 -8 — -3,400/);
    expect(text).toContain('1 tracked keyword left the top 20.');
    // Groups: sums through the shared formatter (never "1235k").
    expect(text).toMatch(/Shoes 5 2 9\.3 \+3 \+1,234,567/);
    // Keyword list: the screen's columns, unknown as a dash.
    expect(text).toMatch(/sandals sale — — — 4,000 \$1\.50 — Shoes/);
    expect(text).toContain('Showing 5 of 5 keywords, most searched first.');
    // Competitor comparison: the domain against its competitor on the same keywords.
    expect(text).toMatch(/alpha\.example 1 2 4 9\.3 -3,172/);
    expect(text).toMatch(/beta\.example 2 3 5 8\.4 -3,172/);
    expect(text).toMatch(/sandals sale — 1\s/);
  });

  it('name the group in a group\'s report and leave the groups section to say so', async () => {
    const data: ReportData = { ...projectFixture, project: { ...projectFixture.project!, groupName: 'Shoes', groups: [] } };
    const { text } = await render({ ...projectRequest, title: '' }, data);
    expect(text).toContain('Alpha shop · Shoes · alpha.example');
    expect(text).toContain('This report is about the group "Shoes".');
  });
});

describe('page layout', () => {
  it('fits the Executive template on one page, without a cover', async () => {
    const { pdf, text } = await render(request({ template: 'Executive', sections: undefined }));
    expect(pdfPageCount(pdf)).toBe(1);
    for (const id of reportTemplateSections.Executive) expect(text).toContain(reportSectionTitle(id));
    expect(text).toContain('Quarterly Search Review');
    expect(text).toContain('Page 1 of 1');
  });

  it('fits the Executive template on one page in every design, with the longest texts', async () => {
    for (const design of reportDesigns) {
      const { pdf } = await render(request({ template: 'Executive', design, sections: undefined, rowLimit: 50, comments: 'A long comment. '.repeat(120) }));
      expect(pdfPageCount(pdf)).toBe(1);
    }
  });

  it('leaves no page but the last more than half empty (Comprehensive with a project: a known report)', async () => {
    let fills: readonly number[] = [];
    const input = request({ sections: undefined, project: { projectId: 'p', ownerUserId: 'u' } });
    const pdf = await reportToBuffer(renderReportFromData(input, projectFixture, undefined, (pageFills) => (fills = pageFills)));
    expect(pdfPageCount(pdf)).toBe(fills.length);
    // The known report's page count: a cover and the 17 sections sharing 9 pages.
    expect(fills.length).toBe(10);
    const half = 78 + (772 - 78) / 2;
    fills.slice(0, -1).forEach((fill) => expect(fill).toBeGreaterThan(half));
  });
});

describe('renderReportView (the shared web view, issue 22 point 5)', () => {
  const cellsOf = (html: string) => [...html.matchAll(/<td(?: class="rv-num")?>([^<]*)<\/td>/g)].map((match) => match[1]!);

  it('holds the cover texts, every section heading and the PDF’s table rows, figure for figure', async () => {
    const html = renderReportView(request(), fixture);
    const { text } = await render(request());
    expect(html).toContain('<h1>Quarterly Search Review</h1>');
    expect(html).toContain('Bob Buyer');
    expect(html).toContain('alpha.example · United States · Oct 2026');
    for (const id of reportTemplateSections.Comprehensive) expect(html).toContain(`<h2>${reportSectionTitle(id).replace(/&/g, '&amp;')}</h2>`);
    const cells = cellsOf(html);
    expect(cells.join(' ')).toContain('red running shoes 3 12,100 $1.25 4,321 $5,401');
    expect(cells.join(' ')).toContain('beta.example 17,654 23,456 41.7% 55,555 $1,235');
    // Every figure of the view's tables is printed in the PDF too.
    expect(cells.filter((cell) => /\d/.test(cell) && !text.includes(cell))).toEqual([]);
    expect(html).toContain('Showing 2 of 345 keywords');
    expect(html).toContain('Serpwise');
  });

  it('escapes every text and is drawn in a white label’s brand without naming Serpwise', () => {
    const logo = solidPng(40, 20, { rgb: [200, 30, 30] });
    const html = renderReportView(
      request({
        title: '<script>alert(1)</script> & "Co"',
        branding: { kind: 'white-label', companyName: 'Acme <Agency>', primaryColor: '#123456', accentColor: '#abcdef', contactLine: 'hello@acme.test', logo: { data: logo, type: 'image/png' } },
      }),
      fixture,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('Acme &lt;Agency&gt;');
    expect(html).toContain('--rv-primary:#123456');
    expect(html).toContain(`src="data:image/png;base64,${logo.toString('base64')}"`);
    expect(html).toContain('hello@acme.test');
    expect(html).not.toMatch(/serpwise/i);
  });

  it('draws the Executive template’s compact sections, as its one-page PDF does', () => {
    const html = renderReportView(request({ template: 'Executive' }), fixture);
    for (const id of reportTemplateSections.Executive) expect(html).toContain(reportSectionTitle(id).replace(/&/g, '&amp;'));
    // The one-page PDF lists the first competitors only and writes the PPC overview as one sentence.
    expect(html).toContain('advertised on 12 keywords');
    expect(html).not.toContain('Estimated monthly PPC budget');
  });
});
