import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { historyWithheldFor, type KombatAnswer, type ResearchTable, type Viewer } from '@serpwise/contracts';
import { kombatCounts, urlOverview, urlVariants, type KombatCounts, type ResearchTableInput, type UrlOverview } from '@serpwise/research';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import { AnalyticsRecorder } from '@serpwise/platform';

const noCounts: KombatCounts = { venn: [], segments: { core: 0, all: 0, questions: 0, missing: 0, content: 0, transactional: 0 } };

/**
 * The SEO research answers beyond a table page (the tables themselves are the catalogue's, ResearchTablesService):
 * the URL overview, and kombat's Venn and segment counts beside its page.
 */
@Injectable()
export class SeoResearchService {
  constructor(
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    private readonly tables: ResearchTablesService,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /** A page's overview; its traffic value is a paid figure (withheld for visitors and free users). */
  async urlOverview(url: string, territory: string, viewer: Viewer): Promise<UrlOverview> {
    const [row] = await this.sql.query<{ id: number }>(`select id from page where url = any(string_to_array(?, ' ')) order by id limit 1`, [urlVariants(url).join(' ')]);
    const overview = row ? await urlOverview(this.sql, { pageId: row.id, territory }) : null;
    if (!overview) throw new NotFoundException(`${url} is not in the research data.`);
    this.analytics.record('SEO_Overview_Viewed', territory.toLowerCase());
    return historyWithheldFor(viewer, overview);
  }

  /**
   * A comparison with a domain the research data does not hold answers no rows and no counts, and names that domain
   * (missingDomains): its zeros would read as a domain that ranks for nothing.
   */
  async kombat(input: ResearchTableInput<'seo/kombat'>, viewer: Viewer): Promise<ResearchTable<object> & KombatAnswer> {
    const prepared = await this.tables.prepare('seo/kombat', input);
    const { month } = prepared.answer;
    // The page and the Venn read the same comparison: ask for both at once.
    const counts =
      prepared.query && month ? kombatCounts(this.sql, { domainIds: prepared.facts.domainIds, territory: input.countryCode, month, rolledUp: prepared.facts.countsRolledUp }, input.domains) : Promise.resolve(noCounts);
    // Unfiltered, the table has as many rows as its segment counts: no count query of its own.
    const total = input.filter ? undefined : counts.then((known) => known.segments[input.segment]);
    const [table, resolved] = await Promise.all([this.tables.page('seo/kombat', prepared, input, viewer, total), counts]);
    return { ...table, ...resolved, missingDomains: prepared.facts.missingDomains };
  }
}
