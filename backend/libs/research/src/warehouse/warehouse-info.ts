import type { FootprintStats } from '@serpwise/contracts';
import type { Sql } from '../sql.js';

/** What the warehouse holds overall: its newest month, its size, and whether it is the demo market. */
export class WarehouseInfo {
  constructor(private readonly sql: Sql) {}

  async footprint(): Promise<FootprintStats> {
    const [row] = await this.sql.query<{ loaded_at: Date | null; latest: string | null; is_demo: boolean; results: string; domains: string }>(
      `select max(loaded_at) as loaded_at, to_char(max(last_month), 'YYYY-MM-DD') as latest,
         coalesce(bool_or(kind = 'demo'), false) as is_demo,
         (select coalesce(sum(reltuples), 0)::bigint from pg_class where relname like 'organic\\_rank\\_%' and relkind = 'r') as results,
         (select count(*) from domain) as domains
       from data_source`,
    );
    return {
      lastUpdated: row?.loaded_at ? new Date(row.loaded_at).toISOString() : null,
      totalResults: Math.max(0, Number(row?.results ?? 0)),
      totalDomains: Number(row?.domains ?? 0),
      latestMonth: row?.latest ?? null,
      isDemoData: row?.is_demo ?? false,
    };
  }

  async isDemoData(): Promise<boolean> {
    const [row] = await this.sql.query<{ is_demo: boolean }>(`select exists (select 1 from data_source where kind = 'demo') as is_demo`);
    return row?.is_demo ?? false;
  }
}
