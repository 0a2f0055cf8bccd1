import type { Sql } from '../sql.js';
import { urlVariants } from './query-classifier.js';

export interface Found {
  id: number;
  /** The warehouse has ranks or ads for it in the territory. */
  serpBacked: boolean;
}

/** Finds what a classified query names in the warehouse. Each lookup is one or two index reads. */
export class SearchLookup {
  constructor(private readonly sql: Sql) {}

  async term(territory: string, term: string): Promise<Found | null> {
    const rows = await this.sql.query<{ id: number; serp_backed: boolean }>(
      `select k.id,
         exists (select 1 from organic_rank r where r.month = s.latest and r.keyword_id = k.id)
         or exists (select 1 from paid_ad a where a.month = s.latest and a.keyword_id = k.id) as serp_backed
       from keyword k cross join (select max(last_month) as latest from data_source) s
       where k.territory = ? and k.term = ?`,
      [territory, term],
    );
    return rows[0] ? { id: rows[0].id, serpBacked: rows[0].serp_backed } : null;
  }

  async domain(territory: string, name: string): Promise<Found | null> {
    const rows = await this.sql.query<{ id: number; serp_backed: boolean }>(
      // The domain's id as a value: a viewer's own roll-up makes domain_month a union (viewer-scope.ts), which takes
      // it as an index condition but no correlated one.
      `select d.id, exists (select 1 from domain_month m where m.domain_id = (select id from domain where name = ?) and m.territory = ?) as serp_backed
       from domain d where d.name = ?`,
      [name, territory, name],
    );
    return rows[0] ? { id: rows[0].id, serpBacked: rows[0].serp_backed } : null;
  }

  async url(territory: string, cleansed: string): Promise<Found | null> {
    const rows = await this.sql.query<{ id: number; serp_backed: boolean }>(
      `select p.id, exists (select 1 from organic_rank r where r.page_id = p.id and r.territory = ?) as serp_backed
       from page p where p.url = any(string_to_array(?, ' ')) order by p.id limit 1`,
      // One text parameter: the drivers differ in how they pass arrays; URLs never contain a space.
      [territory, urlVariants(cleansed).join(' ')],
    );
    return rows[0] ? { id: rows[0].id, serpBacked: rows[0].serp_backed } : null;
  }
}
