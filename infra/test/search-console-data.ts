import type { FakeSearchAnalyticsRequest, FakeSearchAnalyticsRow } from './fake-google.js';

/**
 * A Search Console property's data for the fake Google (fake-google.ts), made up but deterministic: every day from
 * `firstDay` to `lastDay` (the newest final day; Google's last days come later) has `queries` queries on three
 * pages, each in the US, the UK and a country the product has no territory for (French Southern Territories,
 * 'atf'), on desktop and mobile. The day totals by country are the rows' sums plus a few clicks of anonymised
 * queries, as Search Console's chart counts them. The expected figures are computed from the same rows.
 */
export class SearchConsoleFixture {
  readonly pages: string[];
  constructor(
    readonly domain: string,
    readonly firstDay: string,
    public lastDay: string,
    readonly queries = 20,
  ) {
    this.pages = ['', 'bikes/gravel', 'workshop/servicing'].map((path) => `https://www.${domain}/${path}`);
  }

  get siteUrl(): string {
    return `sc-domain:${this.domain}`;
  }

  days(): string[] {
    const days: string[] = [];
    for (let at = Date.parse(`${this.firstDay}T00:00:00Z`); at <= Date.parse(`${this.lastDay}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
    return days;
  }

  /** Every row of one day: query × page × date × country × device (each query on one page). */
  rowsOf(day: string): { query: string; page: string; country: string; device: string; clicks: number; impressions: number; position: number }[] {
    if (day < this.firstDay || day > this.lastDay) return [];
    const dayNumber = Number(day.slice(8, 10));
    const rows = [];
    for (let q = 0; q < this.queries; q++) {
      for (const [c, country] of ['usa', 'gbr', 'atf'].entries()) {
        for (const [d, device] of ['DESKTOP', 'MOBILE'].entries()) {
          const clicks = (q + dayNumber + c + d) % 5;
          rows.push({ query: `brackenmoor query ${q}`, page: this.pages[q % 3]!, country, device, clicks, impressions: clicks * 3 + 10 + q, position: 1 + (q % 9) + d * 0.5 });
        }
      }
    }
    return rows;
  }

  /** Anonymised queries' clicks a day adds to a country's total. */
  static readonly anonymisedClicks = 3;

  totalsOf(day: string): { country: string; clicks: number; impressions: number; position: number }[] {
    const byCountry = new Map<string, { clicks: number; impressions: number }>();
    for (const row of this.rowsOf(day)) {
      const total = byCountry.get(row.country) ?? { clicks: SearchConsoleFixture.anonymisedClicks, impressions: 20 };
      total.clicks += row.clicks;
      total.impressions += row.impressions;
      byCountry.set(row.country, total);
    }
    return [...byCountry.entries()].map(([country, total]) => ({ country, ...total, position: 4.2 }));
  }

  /** What searchAnalytics.query answers for a request over these rows (one day or a range), sorted by clicks as Google does. */
  answer(request: FakeSearchAnalyticsRequest): FakeSearchAnalyticsRow[] {
    const days = this.days().filter((day) => day >= request.startDate && day <= request.endDate);
    const dimensions = request.dimensions.join(',');
    let rows: FakeSearchAnalyticsRow[];
    if (dimensions === 'date,country') {
      rows = days.flatMap((day) => this.totalsOf(day).map((total) => ({ keys: [day, total.country], clicks: total.clicks, impressions: total.impressions, ctr: total.clicks / total.impressions, position: total.position })));
    } else if (dimensions === 'query,page,date,country,device') {
      rows = days.flatMap((day) => this.rowsOf(day).map((row) => ({ keys: [row.query, row.page, day, row.country, row.device], clicks: row.clicks, impressions: row.impressions, ctr: row.clicks / row.impressions, position: row.position })));
    } else {
      throw new Error(`The fake answers no searchAnalytics.query with dimensions ${dimensions}`);
    }
    return rows.sort((a, b) => b.clicks - a.clicks);
  }

  /** A month's site clicks in a country (the day totals), e.g. ('2026-09', 'usa'). */
  siteClicks(month: string, country: string): number {
    return this.days().filter((day) => day.startsWith(month)).flatMap((day) => this.totalsOf(day)).filter((total) => total.country === country).reduce((sum, total) => sum + total.clicks, 0);
  }

  /** A month's clicks of every country together (the Search Console page's table). */
  allClicks(month: string): number {
    return this.days().filter((day) => day.startsWith(month)).flatMap((day) => this.totalsOf(day)).reduce((sum, total) => sum + total.clicks, 0);
  }

  /** A month's clicks of one page in a country. */
  pageClicks(month: string, page: string, country: string): number {
    return this.days().filter((day) => day.startsWith(month)).flatMap((day) => this.rowsOf(day)).filter((row) => row.page === page && row.country === country).reduce((sum, row) => sum + row.clicks, 0);
  }

  /** A month's query clicks in a country (the keyword rows' sum). */
  queryClicks(month: string, country: string): number {
    return this.days().filter((day) => day.startsWith(month)).flatMap((day) => this.rowsOf(day)).filter((row) => row.country === country).reduce((sum, row) => sum + row.clicks, 0);
  }

  months(): string[] {
    return [...new Set(this.days().map((day) => day.slice(0, 7)))];
  }
}

/** YYYY-MM-DD of today (UTC) plus `days`. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
