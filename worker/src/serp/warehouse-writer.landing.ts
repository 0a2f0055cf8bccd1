import type { SerpPage } from '@serpwise/platform';
import { createWarehouseSource, landWarehouseRows } from '@serpwise/research';
import type pg from 'pg';
import { warehouseRowsOf, type LandedPages, type ProviderFetchSource, type SerpLanding } from './serp-landing.js';

/**
 * SerpLanding on the warehouse writer (@serpwise/research warehouse-writer.ts): a `provider` data source, owned by
 * no user (provider results are installation-wide, like the demo market), and each batch landed idempotently in
 * one transaction with the roll-up of the months it touched.
 */
export class WarehouseWriterLanding implements SerpLanding {
  constructor(private readonly pool: pg.Pool) {}

  async createSource(source: ProviderFetchSource): Promise<number> {
    const client = await this.pool.connect();
    try {
      const created = await createWarehouseSource(client, { kind: 'provider', label: source.label, details: source.details, ownerUserId: null });
      return created.sourceId;
    } finally {
      client.release();
    }
  }

  async land(sourceId: number, pages: readonly SerpPage[]): Promise<LandedPages> {
    const client = await this.pool.connect();
    try {
      const result = await landWarehouseRows(client, { sourceId, ownerUserId: null }, warehouseRowsOf(pages));
      return { months: result.months };
    } finally {
      client.release();
    }
  }
}
