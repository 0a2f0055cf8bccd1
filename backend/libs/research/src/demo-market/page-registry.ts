import type { DemoDomain, DemoKeyword } from './market-model.js';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const titleCase = (text: string) => text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** The URL a site would rank with for a keyword: its category, guide, question or listing page. */
export function pagePath(domain: DemoDomain, keyword: DemoKeyword): string {
  const subject = slug(keyword.subject);
  const topic = keyword.topic.slug;
  const term = slug(keyword.term);
  switch (domain.kind) {
    case 'shop':
      if (keyword.intent === 'brand') return '/';
      if (keyword.intent === 'question') return `/blog/${term}`;
      if (keyword.term.endsWith('near me')) return '/stores';
      if (keyword.term.endsWith('reviews')) return `/${topic}/${subject}/reviews`;
      return `/${topic}/${subject}`;
    case 'publisher':
      if (keyword.intent === 'question') return `/${term}`;
      if (keyword.intent === 'buyer') return `/best-${subject}`;
      return `/guides/${subject}`;
    case 'affiliate':
      if (keyword.intent === 'question') return `/answers/${term}`;
      return keyword.intent === 'buyer' ? `/best-${subject}` : `/reviews/${subject}`;
    case 'marketplace':
      return `/s/${subject}`;
    case 'encyclopedia':
      return `/wiki/${titleCase(keyword.subject).replace(/ /g, '_')}`;
    case 'forum':
      return `/t/${term}`;
    case 'video':
      return `/watch/${term}`;
    case 'news':
      return `/${topic}/${term}`;
  }
}

export interface PageRow {
  id: number;
  domainId: number;
  url: string;
  title: string;
}

/** Gives each URL one id the first time it is seen, and remembers the pages of each site. */
export class PageRegistry {
  readonly rows: PageRow[] = [];
  private readonly ids = new Map<string, number>();
  readonly byDomain = new Map<number, number[]>();

  idFor(domain: DemoDomain, path: string, title: string): number {
    const url = `https://www.${domain.name}${path}`;
    let id = this.ids.get(url);
    if (id === undefined) {
      id = this.rows.length + 1;
      this.ids.set(url, id);
      this.rows.push({ id, domainId: domain.id, url, title });
      const list = this.byDomain.get(domain.id);
      if (list) list.push(id);
      else this.byDomain.set(domain.id, [id]);
    }
    return id;
  }

  forKeyword(domain: DemoDomain, keyword: DemoKeyword): number {
    const path = pagePath(domain, keyword);
    const title = path === '/' ? `${domain.brand} – Official Site` : `${titleCase(keyword.intent === 'question' ? keyword.term : keyword.subject)} | ${domain.brand}`;
    return this.idFor(domain, path, title);
  }

  home(domain: DemoDomain): number {
    return this.idFor(domain, '/', `${domain.brand} – Official Site`);
  }
}
