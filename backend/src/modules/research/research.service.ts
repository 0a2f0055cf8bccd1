import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FootprintStats } from '@serpwise/contracts';
import { domainOverview, WarehouseInfo, type DomainOverview } from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from './warehouse-sql.provider.js';

/** Research reads that are not a documented call yet: the footprint and the domain overview. */
@Injectable()
export class ResearchService {
  private readonly info: WarehouseInfo;

  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {
    this.info = new WarehouseInfo(sql);
  }

  footprint(): Promise<FootprintStats> {
    return this.info.footprint();
  }

  async domainOverview(domain: string, territory: string): Promise<DomainOverview & { isDemoData: boolean }> {
    const [overview, isDemoData] = await Promise.all([domainOverview(this.sql, { domain, territory }), this.info.isDemoData()]);
    if (!overview) throw new NotFoundException(`${domain} is not in the research data.`);
    return { ...overview, isDemoData };
  }
}
