import { organicClicks, paidClicks } from '../formulas/click-through.js';
import { copyLine } from './copy-text.js';
import type { DemoDomain, DemoKeyword, DemoMarket, DomainKind, Intent } from './market-model.js';
import type { PageRegistry } from './page-registry.js';
import { Random } from './random.js';

/** How well a kind of site fits a kind of search: shops win buyers, publishers and forums win questions. */
const intentFit: Record<DomainKind, Record<Intent, number>> = {
  shop: { head: 0.4, buyer: 1.0, info: 0, question: -1.0, brand: -0.5 },
  publisher: { head: 0.3, buyer: -0.2, info: 0.6, question: 0.9, brand: -0.5 },
  affiliate: { head: 0, buyer: 0.8, info: 0.4, question: 0.2, brand: 0.3 },
  marketplace: { head: 0.2, buyer: 0.7, info: -0.3, question: -1.2, brand: 0.2 },
  encyclopedia: { head: 0.6, buyer: -1.5, info: 0.2, question: 0.3, brand: -0.8 },
  forum: { head: -0.8, buyer: -0.6, info: 0.2, question: 1.0, brand: 0.3 },
  video: { head: -0.2, buyer: -0.8, info: 0.2, question: 0.8, brand: -0.3 },
  news: { head: -0.8, buyer: -0.7, info: 0, question: -0.2, brand: 0 },
};

function competitorsOf(market: DemoMarket, keyword: DemoKeyword): DemoDomain[] {
  const own = market.domainsByTopic.get(keyword.topic.slug) ?? [];
  return [...own, ...market.generalDomains].filter((domain) => domain.territories.has(keyword.territory.code));
}

/**
 * organic_rank rows (month, keyword_id, position, territory, domain_id, page_id, clicks, source_id), keyword by
 * keyword. Each site's score for a keyword = log(authority) + fit to the search's intent + a fixed pair effect
 * + the site's growth trend + a month-to-month random walk; the best resultsPerSerp make the results page.
 */
export function* organicRankLines(market: DemoMarket, pages: PageRegistry, sourceId: number): Generator<string> {
  const { months, size } = market;
  const monthCount = months.length;
  for (const keyword of market.keywords) {
    const random = new Random(market.seed, 'serp', keyword.territory.code, keyword.term);
    const candidates = competitorsOf(market, keyword);
    const base = candidates.map((domain) =>
      Math.log(domain.authority) + intentFit[domain.kind][keyword.intent] + (domain.id === keyword.brandDomainId ? 8 : 0) + random.normal() * 0.9);
    const drift = new Float64Array(candidates.length);
    const scored = candidates.map((domain, index) => ({ domain, index, score: 0 }));
    for (let m = 0; m < monthCount; m++) {
      const live = [];
      for (const entry of scored) {
        drift[entry.index] = 0.85 * drift[entry.index]! + random.normal() * 0.2;
        const { domain } = entry;
        if (m < domain.startMonth) continue;
        const rampUp = -1.5 * Math.max(0, 1 - (m - domain.startMonth) / 6) * (domain.startMonth > 0 ? 1 : 0);
        entry.score = base[entry.index]! + (domain.trend * m) / monthCount + drift[entry.index]! + rampUp;
        live.push(entry);
      }
      live.sort((a, b) => b.score - a.score || a.domain.id - b.domain.id);
      const month = months[m]!;
      const volume = keyword.volumeHistory[m]!;
      const count = Math.min(size.resultsPerSerp, live.length);
      for (let p = 0; p < count; p++) {
        const domain = live[p]!.domain;
        yield `${month}\t${keyword.id}\t${p + 1}\t${keyword.territory.code}\t${domain.id}\t${pages.forKeyword(domain, keyword)}\t${organicClicks(volume, p + 1)}\t${sourceId}\n`;
      }
    }
  }
}

export interface AdCopyRow {
  id: number;
  domainId: number;
  headline: string;
  body: string;
  displayUrl: string;
  pageId: number;
}

const titleCase = (text: string) => text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
const headlines = ['{Subject} – {Brand}', 'Shop {Subject} | Free Delivery', '{Brand}® Official Site', 'Top-Rated {Subject} – Up To 40% Off', 'Compare {Subject} | {Brand}', '{Subject} Sale Now On'];
const bodies = [
  'Browse our full range of {subject}. Free delivery on orders over {currency}50. Order today!',
  'Rated 4.8/5 by customers. Find the right {subject} for you and save with {brand}.',
  'Expert picks and honest reviews of {subject}. Compare prices in seconds.',
  'New season {subject} in stock now. Easy returns and price match promise.',
];

/** The text ads, created the first time an advertiser needs one (two variants per site and subject). */
export class AdCopyRegistry {
  readonly rows: AdCopyRow[] = [];
  private readonly ids = new Map<string, number>();

  idFor(domain: DemoDomain, keyword: DemoKeyword, variant: number, pages: PageRegistry): number {
    const key = `${domain.id}|${keyword.subject}|${keyword.territory.currency}|${variant}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      const random = new Random(key);
      const fill = (template: string) => template.replace('{Subject}', titleCase(keyword.subject)).replace('{subject}', keyword.subject)
        .replace('{Brand}', domain.brand).replace('{brand}', domain.brand).replace('{currency}', keyword.territory.currency);
      const pageId = pages.forKeyword(domain, { ...keyword, intent: 'buyer' });
      id = this.rows.length + 1;
      this.ids.set(key, id);
      this.rows.push({
        id, domainId: domain.id, headline: fill(random.pick(headlines)), body: fill(random.pick(bodies)),
        displayUrl: `www.${domain.name}/${keyword.subject.replace(/ /g, '-')}`, pageId,
      });
    }
    return id;
  }
}

/**
 * paid_ad rows (month, keyword_id, position, territory, domain_id, ad_copy_id, clicks, source_id). Advertisers are
 * the topic's shops and comparison sites plus the marketplaces; each switches on and off month to month (a Markov
 * chain weighted by its appetite), the keyword's competition decides how many ads show.
 */
export function* paidAdLines(market: DemoMarket, pages: PageRegistry, adCopies: AdCopyRegistry, sourceId: number): Generator<string> {
  for (const keyword of market.keywords) {
    const slots = Math.min(4, Math.round(keyword.competition * 4.5));
    if (slots === 0) continue;
    const random = new Random(market.seed, 'ads', keyword.territory.code, keyword.term);
    const advertisers = competitorsOf(market, keyword)
      .filter((domain) => domain.adAppetite > 0)
      .map((domain) => ({ domain, interest: domain.adAppetite * random.next(), active: false }));
    for (const advertiser of advertisers) advertiser.active = random.chance(advertiser.interest);
    for (let m = 0; m < market.months.length; m++) {
      const bids = [];
      for (const advertiser of advertisers) {
        advertiser.active = advertiser.active ? !random.chance(0.15) : random.chance(advertiser.interest * 0.5);
        if (advertiser.active && m >= advertiser.domain.startMonth) bids.push({ advertiser, bid: advertiser.interest * Math.log(advertiser.domain.authority + 2) * (0.7 + random.next() * 0.6) });
      }
      bids.sort((a, b) => b.bid - a.bid || a.advertiser.domain.id - b.advertiser.domain.id);
      const volume = keyword.volumeHistory[m]!;
      for (let p = 0; p < Math.min(slots, bids.length); p++) {
        const { domain } = bids[p]!.advertiser;
        const variant = (Math.floor(m / 7) + domain.id) % 2;
        const adCopyId = adCopies.idFor(domain, keyword, variant, pages);
        yield `${market.months[m]}\t${keyword.id}\t${p + 1}\t${keyword.territory.code}\t${domain.id}\t${adCopyId}\t${paidClicks(volume, p + 1)}\t${sourceId}\n`;
      }
    }
  }
}

const linkSections = ['blog', 'news', 'resources', 'articles', 'reviews'];

/**
 * backlink rows (id, source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow,
 * first_seen, last_seen, source_id): stronger sites get more links (∝ authority^1.5); a quarter of links are lost.
 */
export function* backlinkLines(market: DemoMarket, pages: PageRegistry, sourceId: number): Generator<string> {
  const random = new Random(market.seed, 'backlinks');
  const firstDay = Date.UTC(2019, 0, 1);
  const lastMonth = market.months.at(-1)!;
  const lastDay = Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)), 0);
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  let id = 0;
  for (const target of market.domains) {
    const home = pages.home(target);
    const targetPages = pages.byDomain.get(target.id)!;
    const count = Math.round(market.size.backlinkScale * Math.pow(target.authority, 1.5) * (0.5 + random.next()));
    for (let i = 0; i < count; i++) {
      const source = market.domains[random.int(0, market.domains.length - 1)]!;
      if (source.id === target.id) continue;
      const sourcePage = pages.idFor(source, `/${random.pick(linkSections)}/${target.topic?.slug ?? 'general'}-${random.int(1, 40)}`, `${source.brand} ${random.pick(linkSections)}`);
      const targetPage = random.chance(0.5) ? home : random.pick(targetPages);
      const anchor = random.pick([target.brand, target.name, `www.${target.name}`, 'click here', 'this guide', 'website', target.topic ? random.pick(target.topic.subjects) : target.brand]);
      const first = firstDay + random.next() * (lastDay - firstDay);
      const lost = random.chance(0.25) ? day(first + random.next() * (lastDay - first)) : null;
      yield copyLine([++id, sourcePage, source.id, targetPage, target.id, anchor, random.chance(0.2), day(first), lost, sourceId]);
    }
  }
}

export function* keywordLines(market: DemoMarket, sourceId: number): Generator<string> {
  for (const keyword of market.keywords) {
    yield copyLine([
      keyword.id, keyword.territory.code, keyword.term, keyword.volumeHistory.at(-1)!, `{${keyword.volumeHistory.join(',')}}`,
      market.months[0]!, keyword.cpc, keyword.competition, keyword.difficulty, keyword.resultCount, keyword.isQuestion,
      keyword.isTransactional, keyword.topic.slug, sourceId,
    ]);
  }
}

export function* domainLines(market: DemoMarket, sourceId: number): Generator<string> {
  for (const domain of market.domains) yield copyLine([domain.id, domain.name, domain.topic?.slug ?? null, sourceId]);
}

export function* pageLines(pages: PageRegistry, sourceId: number): Generator<string> {
  for (const page of pages.rows) yield copyLine([page.id, page.domainId, page.url, page.title, sourceId]);
}

export function* adCopyLines(adCopies: AdCopyRegistry, sourceId: number): Generator<string> {
  for (const ad of adCopies.rows) yield copyLine([ad.id, ad.domainId, ad.headline, ad.body, ad.displayUrl, ad.pageId, sourceId]);
}
