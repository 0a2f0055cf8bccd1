import type { KeywordMetrics } from '../tables/keyword-sql.js';
import { Random } from './random.js';
import { monthsEndingAt, type MarketSize, type TerritoryPlan } from './market-sizes.js';
import {
  brandEnds, brandStarts, buyerModifiers, descriptiveModifiers, generalSites, questionTemplates, suffixes, topics,
  type GeneralKind, type Topic,
} from './vocabulary.js';

export type Intent = 'head' | 'buyer' | 'info' | 'question' | 'brand';
export type DomainKind = 'shop' | 'publisher' | 'affiliate' | GeneralKind;

export interface DemoKeyword extends KeywordMetrics {
  id: number;
  territory: TerritoryPlan;
  term: string;
  topic: Topic;
  subject: string;
  intent: Intent;
  /** The domain whose brand the term names (intent 'brand'). */
  brandDomainId: number | null;
  volumeHistory: number[];
}

export interface DemoDomain {
  id: number;
  name: string;
  brand: string;
  kind: DomainKind;
  /** null for the general sites that rank in every topic. */
  topic: Topic | null;
  /** 1–100: how strong the site is; drives ranks, ads and backlinks. */
  authority: number;
  /** Territory codes the site ranks in (all for most). */
  territories: Set<string>;
  /** First month index the site exists (new market players start later). */
  startMonth: number;
  /** Score change over the whole period: growing or declining sites. */
  trend: number;
  /** How keen the site is to buy ads, 0–1. */
  adAppetite: number;
}

export interface DemoMarket {
  size: MarketSize;
  seed: number;
  months: string[];
  topics: Topic[];
  domains: DemoDomain[];
  /** Per topic slug: its own sites. */
  domainsByTopic: Map<string, DemoDomain[]>;
  generalDomains: DemoDomain[];
  keywords: DemoKeyword[];
}

/** Keyword Planner's volume buckets: volumes are shown rounded to these. */
const volumeBuckets = [10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000, 301000, 368000, 450000, 550000, 673000, 823000, 1000000];

export function bucketVolume(volume: number): number {
  if (volume < 10) return 10;
  for (let i = 0; i < volumeBuckets.length - 1; i++) {
    if (volume < (volumeBuckets[i]! + volumeBuckets[i + 1]!) / 2) return volumeBuckets[i]!;
  }
  return volumeBuckets.at(-1)!;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const round2 = (value: number) => Math.round(value * 100) / 100;

function buildDomains(size: MarketSize, random: Random, marketTopics: Topic[]): Pick<DemoMarket, 'domains' | 'domainsByTopic' | 'generalDomains'> {
  const domains: DemoDomain[] = [];
  const names = new Set<string>();
  const codes = size.territories.map((territory) => territory.code);
  const generalDomains = generalSites.map((site) => {
    const domain: DemoDomain = {
      id: domains.length + 1, name: site.name, brand: capitalise(site.name.split('.')[0]!), kind: site.kind, topic: null,
      authority: site.authority, territories: new Set(codes), startMonth: 0, trend: random.normal() * 0.3,
      adAppetite: site.kind === 'marketplace' ? 0.5 : 0,
    };
    names.add(site.name);
    domains.push(domain);
    return domain;
  });
  const domainsByTopic = new Map<string, DemoDomain[]>();
  for (const topic of marketTopics) {
    const own: DemoDomain[] = [];
    while (own.length < size.domainsPerTopic) {
      const brand = random.pick(brandStarts) + random.pick(brandEnds);
      const roll = random.next();
      const kind: DomainKind = roll < 0.45 ? 'shop' : roll < 0.8 ? 'publisher' : 'affiliate';
      const host =
        kind === 'shop' ? (random.chance(0.5) ? brand : `${brand}${topic.nameWord}`)
        : kind === 'publisher' ? (random.chance(0.5) ? `${topic.nameWord}${random.pick(['guide', 'daily', 'hq', 'insider', 'journal', 'digest', 'mag'])}${random.chance(0.3) ? brand.slice(0, 3) : ''}` : `the${brand}${topic.nameWord}`)
        : (random.chance(0.5) ? `best${topic.nameWord}${random.pick(['picks', 'reviews', 'finder', 'compare', 'lab'])}` : `${brand}reviews`);
      const name = `${host}.example`;
      if (names.has(name)) continue;
      names.add(name);
      const regional = random.chance(0.25) && codes.length > 1;
      const domain: DemoDomain = {
        id: domains.length + 1, name, brand: capitalise(brand), kind, topic,
        authority: Math.min(92, Math.round(4 + 6 * random.pareto(1.3))),
        territories: new Set(regional ? [random.pick(codes)] : codes),
        startMonth: random.chance(0.15) ? random.int(3, size.months - 4) : 0,
        trend: random.normal() * 0.7,
        adAppetite: kind === 'publisher' ? 0 : random.between(0.1, 0.9),
      };
      domains.push(domain);
      own.push(domain);
    }
    domainsByTopic.set(topic.slug, own);
  }
  return { domains, domainsByTopic, generalDomains };
}

interface Candidate {
  term: string;
  topic: Topic;
  subject: string;
  intent: Intent;
  popularity: number;
  cpcFactor: number;
  transactional: boolean;
  brandDomainId: number | null;
}

function candidateTerms(topic: Topic, own: DemoDomain[], random: Random): Candidate[] {
  const out: Candidate[] = [];
  const add = (term: string, subject: string, intent: Intent, popularity: number, cpcFactor: number, transactional: boolean, brandDomainId: number | null = null) =>
    out.push({ term, topic, subject, intent, popularity, cpcFactor, transactional, brandDomainId });
  topic.subjects.forEach((subject, index) => {
    const weight = topic.weight / Math.pow(index + 1, 0.7);
    add(subject, subject, 'head', weight, 1, false);
    for (const [word, factor] of buyerModifiers) add(`${word} ${subject}`, subject, 'buyer', weight * 0.2, factor, true);
    for (const word of descriptiveModifiers) add(`${word} ${subject}`, subject, 'info', weight * 0.08, 1, false);
    for (const [word, transactional] of suffixes) add(`${subject} ${word}`, subject, transactional ? 'buyer' : 'info', weight * 0.1, transactional ? 1.3 : 0.9, transactional);
    for (const [word, factor] of buyerModifiers.slice(0, 4)) {
      for (const modifier of descriptiveModifiers.slice(0, 6)) add(`${word} ${modifier} ${subject}`, subject, 'buyer', weight * 0.02, factor, true);
    }
    for (const template of questionTemplates) {
      const term = template.replace('{subject}', subject).replace('{verb}', random.pick(topic.verbs));
      add(term, subject, 'question', weight * 0.06, 0.4, false);
    }
  });
  for (const domain of own.filter((candidate) => candidate.kind === 'shop')) {
    const brand = domain.brand.toLowerCase();
    add(brand, topic.subjects[0]!, 'brand', 0.015 * domain.authority / 10, 0.7, false, domain.id);
    add(`${brand} reviews`, topic.subjects[0]!, 'brand', 0.01 * domain.authority / 10, 0.8, false, domain.id);
    add(`${brand} discount code`, topic.subjects[0]!, 'brand', 0.008 * domain.authority / 10, 1.1, true, domain.id);
    add(`${brand} ${random.pick(topic.subjects)}`, topic.subjects[0]!, 'brand', 0.006 * domain.authority / 10, 1, true, domain.id);
  }
  return out;
}

function seasonal(topic: Topic, monthStart: string): number {
  const calendarMonth = Number(monthStart.slice(5, 7)) - 1;
  return 1 + topic.seasonality * 0.6 * Math.cos((2 * Math.PI * (calendarMonth - topic.peakMonth)) / 12);
}

/** Builds the market's sites and keywords (in memory: thousands of rows); the big tables are streamed from it. */
export function buildMarket(size: MarketSize, seed: number, lastMonth: string): DemoMarket {
  const random = new Random(seed, size.name, 'market');
  const marketTopics = topics.slice(0, size.topics);
  const months = monthsEndingAt(lastMonth, size.months);
  const { domains, domainsByTopic, generalDomains } = buildDomains(size, random, marketTopics);

  // Every possible term, then a popularity-weighted sample without replacement (Efraimidis–Spirakis keys):
  // head terms are almost always in, the long tail is a random part of all the combinations.
  const candidates = marketTopics.flatMap((topic) => candidateTerms(topic, domainsByTopic.get(topic.slug)!, random));
  const unique = new Map<string, Candidate>();
  for (const candidate of candidates) if (!unique.has(candidate.term)) unique.set(candidate.term, candidate);
  const keyed = [...unique.values()].map((candidate) => ({ candidate, key: Math.pow(random.next(), 1 / candidate.popularity) }));
  keyed.sort((a, b) => b.key - a.key || a.candidate.term.localeCompare(b.candidate.term));
  const most = Math.max(...size.territories.map((territory) => territory.keywords));
  const chosen = keyed.slice(0, most).map((entry) => entry.candidate);

  // Zipf: the r-th most popular term gets topVolume / r (with noise), in the US; other territories scale it.
  const ranked = chosen.map((candidate) => ({ candidate, score: candidate.popularity * Math.exp(random.normal() * 0.5) }));
  ranked.sort((a, b) => b.score - a.score || a.candidate.term.localeCompare(b.candidate.term));
  const baseVolume = new Map(ranked.map((entry, index) => [entry.candidate, size.topVolume / Math.pow(index + 1, 0.95)]));

  const keywords: DemoKeyword[] = [];
  for (const territory of size.territories) {
    for (const candidate of chosen.slice(0, territory.keywords)) {
      const kr = new Random(seed, territory.code, candidate.term);
      const base = baseVolume.get(candidate)! * territory.volumeFactor * Math.exp(kr.normal() * 0.3);
      const growth = kr.normal() * 0.25;
      const volumeHistory = months.map((month, index) =>
        bucketVolume(base * seasonal(candidate.topic, month) * Math.exp((growth * (index - months.length + 1)) / months.length) * Math.exp(kr.normal() * 0.08)));
      const [low, high] = candidate.topic.cpc;
      const cpc = Math.max(0.05, round2(Math.exp(Math.log(low) + kr.next() * (Math.log(high) - Math.log(low))) * candidate.cpcFactor * territory.cpcFactor));
      const competition = round2(Math.min(1, Math.max(0, (candidate.transactional ? 0.55 : candidate.intent === 'question' ? 0.05 : 0.25) + kr.next() * 0.4)));
      const volume = volumeHistory.at(-1)!;
      const difficulty = Math.round(Math.min(100, Math.max(1, 8 * Math.log10(volume) + (high / 5) + kr.normal() * 12 + 20)));
      keywords.push({
        id: keywords.length + 1, territory, term: candidate.term, topic: candidate.topic, subject: candidate.subject,
        intent: candidate.intent, brandDomainId: candidate.brandDomainId, volumeHistory, cpc, competition, difficulty,
        resultCount: Math.round(Math.pow(10, 5 + Math.log10(volume) * 0.6 + kr.next() * 2)),
        isQuestion: candidate.intent === 'question', isTransactional: candidate.transactional,
      });
    }
  }
  return { size, seed, months, topics: marketTopics, domains, domainsByTopic, generalDomains, keywords };
}
