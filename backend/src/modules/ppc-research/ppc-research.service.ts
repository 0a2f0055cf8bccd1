import { Inject, Injectable } from '@nestjs/common';
import { historyWithheldFor, type Viewer } from '@serpwise/contracts';
import { ppcKombatVenn, ppcOverview, type PpcOverview, type ResearchTableInput } from '@serpwise/research';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';

/**
 * PPC research answers beyond a table page (issue 4 item 5; the tables themselves are the catalogue's,
 * ResearchTablesService): the overview, and kombat's Venn beside its page. Paid data is withheld per viewer (item 6).
 */
@Injectable()
export class PpcResearchService {
  constructor(
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    private readonly tables: ResearchTablesService,
  ) {}

  async overview(domain: string, territory: string, viewer: Viewer): Promise<PpcOverview> {
    const overview = await ppcOverview(this.sql, { domain, territory });
    return historyWithheldFor(viewer, overview);
  }

  async kombat(input: ResearchTableInput<'ppc/kombat'>, viewer: Viewer) {
    const prepared = await this.tables.prepare('ppc/kombat', input);
    const { domains, missingDomains, domainIds } = prepared.facts;
    const { month } = prepared.answer;
    const table = await this.tables.page('ppc/kombat', prepared, input, viewer);
    const venn =
      prepared.answer.wasQueryFound && month
        ? await ppcKombatVenn(this.sql, { domains: domains.map((name, index) => ({ id: domainIds[index]!, name })), territory: input.countryCode, month })
        : null;
    return { ...table, domains, missingDomains, venn };
  }
}
