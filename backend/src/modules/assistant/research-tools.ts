import { Injectable, NotFoundException } from '@nestjs/common';
import { assistantLimits, isLockedRow, type AssistantSource, type ResearchTableId, type TablePage, type Viewer } from '@serpwise/contracts';
import { backlinksSchema, competitorsSchema, keywordOverviewSchema, keywordRelatedSchema, seoKeywordsSchema } from '@serpwise/research';
import { z } from 'zod';
import { KeywordResearchService } from '../keyword-research/keyword-research.service.js';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { ResearchService } from '../research/research.service.js';
import type { ChatTool } from './chat-completions.js';

/** Who asks and where: every look-up reads what this viewer may see (paid figures null, rows past the allowance locked). */
export interface LookUpContext {
  viewer: Viewer;
  countryCode: string;
}

/** A look-up's answer for the model, and the research page where the user checks it (null when nothing was found). */
export interface LookUp {
  result: unknown;
  source: AssistantSource | null;
}

interface ToolSpec {
  description: string;
  subject: 'domain' | 'keyword';
  run: (subject: string, context: LookUpContext) => Promise<LookUp>;
}

const countryCodeParameter = { type: 'string', description: 'Two-letter territory code (US, UK, DE …); omit to use the user’s territory.' };
const subjectParameters = (subject: 'domain' | 'keyword') => ({
  type: 'object',
  properties: {
    [subject]: subject === 'domain' ? { type: 'string', description: 'A domain name, e.g. example.com' } : { type: 'string', description: 'A search term' },
    countryCode: countryCodeParameter,
  },
  required: [subject],
  additionalProperties: false,
});

const argumentsSchema = (subject: 'domain' | 'keyword') =>
  z.object({ [subject]: z.string().min(1).max(253), countryCode: z.string().trim().toUpperCase().optional() } as Record<string, z.ZodType>);

/** The rows the viewer may see, at most assistantLimits.toolRows, with what the page says about the rest. */
function tableResult(page: TablePage<object> & { wasQueryFound?: boolean; month?: string | null }) {
  const rows = page.rows.filter((row) => !isLockedRow(row)).slice(0, assistantLimits.toolRows);
  return {
    found: page.wasQueryFound ?? true,
    month: page.month ?? null,
    totalRows: page.totalRows,
    rows,
    ...(page.throttledColumns.length ? { figuresForMembersOnly: page.throttledColumns } : {}),
    ...(page.lockedRows ? { rowsLockedForThisPlan: page.lockedRows } : {}),
  };
}

const href = (path: string, query: string, countryCode: string) => `${path}?${new URLSearchParams({ query, countryCode })}`;

/**
 * The assistant's tools (issue 24 point 10): each a thin adapter onto the research service its page uses, so an answer
 * carries the same figures, withheld the same way (docs/decisions.md "One paywall"), as the page the source links to.
 */
@Injectable()
export class ResearchTools {
  private readonly specs: Record<string, ToolSpec>;

  constructor(
    private readonly research: ResearchService,
    private readonly tables: ResearchTablesService,
    private readonly keywords: KeywordResearchService,
  ) {
    this.specs = {
      domain_overview: {
        subject: 'domain',
        description:
          'A domain’s organic and paid search figures for its newest month (organic keywords, clicks, average position, keywords in the top 3 and top 10, traffic value, paid keywords, paid clicks, PPC budget) and its monthly history.',
        run: (domain, context) => this.domainOverview(domain, context),
      },
      domain_top_keywords: {
        subject: 'domain',
        description: 'The organic keywords a domain ranks for, most valuable first: position, search volume, clicks, URL.',
        run: (domain, context) => this.table('seo/keywords', seoKeywordsSchema, { domain }, context, { label: `Organic keywords of ${domain}`, path: '/seo/keywords/domain', query: domain }),
      },
      domain_competitors: {
        subject: 'domain',
        description: 'A domain’s closest organic competitors: keywords in common, overlap, their keywords and clicks.',
        run: (domain, context) => this.table('seo/competitors', competitorsSchema, { domain }, context, { label: `Organic competitors of ${domain}`, path: '/seo/competitors/domain', query: domain }),
      },
      domain_backlinks: {
        subject: 'domain',
        description: 'A domain’s backlinks: how many are live and lost, and the newest links (source page, target page, anchor, first and last seen).',
        run: (domain, context) => this.backlinks(domain, context),
      },
      keyword_overview: {
        subject: 'keyword',
        description: 'A keyword’s search volume and its history, CPC, difficulty, the top-10 organic results and the advertisers.',
        run: (keyword, context) => this.keywordOverview(keyword, context),
      },
      related_keywords: {
        subject: 'keyword',
        description: 'Keywords related to a keyword, with their search volume, CPC and how related they are.',
        run: (keyword, context) =>
          this.table('keyword/related', keywordRelatedSchema, { query: keyword }, context, { label: `Keywords related to “${keyword}”`, path: '/keyword/related-keywords', query: keyword }),
      },
    };
  }

  /** The tools as the Chat Completions request declares them. */
  definitions(): ChatTool[] {
    return Object.entries(this.specs).map(([name, spec]) => ({ type: 'function', function: { name, description: spec.description, parameters: subjectParameters(spec.subject) } }));
  }

  /** Runs one tool call; bad arguments or an unknown tool come back as an error the model can correct, never a throw. */
  async run(name: string, rawArguments: string, context: LookUpContext): Promise<LookUp> {
    const spec = this.specs[name];
    if (!spec) return { result: { error: `There is no tool named ${name}.` }, source: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawArguments || '{}');
    } catch {
      return { result: { error: 'The arguments are not valid JSON.' }, source: null };
    }
    const args = argumentsSchema(spec.subject).safeParse(parsed);
    if (!args.success) return { result: { error: `Give ${spec.subject} as a string${spec.subject === 'domain' ? ' (a domain name)' : ''}.` }, source: null };
    const subject = args.data[spec.subject] as string;
    const countryCode = (args.data.countryCode as string | undefined) || context.countryCode;
    try {
      return await spec.run(subject, { ...context, countryCode });
    } catch (error) {
      // A refusal of the research schemas (not a domain, unknown territory) or "not in the data": words for the model.
      const message = refusalOf(error);
      if (message) return { result: { error: message }, source: null };
      throw error;
    }
  }

  private async domainOverview(domain: string, context: LookUpContext): Promise<LookUp> {
    const host = competitorsSchema.shape.domain.parse(domain);
    const overview = await this.research.domainOverview(host, context.countryCode, context.viewer).catch((error: unknown) => {
      if (error instanceof NotFoundException) return null;
      throw error;
    });
    if (!overview) return { result: { found: false, domain: host, territory: context.countryCode }, source: null };
    return {
      result: {
        found: true,
        domain: overview.domain,
        territory: overview.territory,
        month: overview.month,
        latest: overview.latest,
        // The last twelve months are enough for "how did it change"; a longer history is on the page.
        history: overview.history.slice(-12).map(({ month, clicks, keywords, position }) => ({ month, clicks, keywords, position })),
        ...(context.viewer === 'full' ? {} : { figuresForMembersOnly: ['value', 'paidClicks', 'budget'] }),
      },
      source: { label: `Overview of ${overview.domain}`, href: href('/overview/domain', overview.domain, context.countryCode) },
    };
  }

  private async keywordOverview(keyword: string, context: LookUpContext): Promise<LookUp> {
    const input = keywordOverviewSchema.parse({ query: keyword, countryCode: context.countryCode });
    const overview = await this.keywords.overview(input.query, input, context.viewer);
    const result = { ...overview, organic: overview.organic.slice(0, assistantLimits.toolRows), advertisers: overview.advertisers.slice(0, assistantLimits.toolRows) };
    return {
      result: context.viewer === 'full' ? result : { ...result, figuresForMembersOnly: ['cpc', 'paidClicks'] },
      source: overview.wasQueryFound ? { label: `Overview of “${overview.keyword}”`, href: href('/keyword/overview', overview.keyword, context.countryCode) } : null,
    };
  }

  private async backlinks(domain: string, context: LookUpContext): Promise<LookUp> {
    const request = (status: 'all' | 'live' | 'lost') => backlinksSchema.parse({ domain, countryCode: context.countryCode, status, pageSize: 20 });
    const [all, live, lost] = await Promise.all(
      (['all', 'live', 'lost'] as const).map((status) => this.tables.table('seo/backlinks', request(status), context.viewer) as Promise<TablePage<object> & { wasQueryFound: boolean }>),
    );
    const found = all!.wasQueryFound;
    return {
      result: { ...tableResult(all!), liveBacklinks: live!.totalRows, lostBacklinks: lost!.totalRows },
      source: found ? { label: `Backlinks of ${domain}`, href: href('/seo/backlinks/domain', request('all').domain!, context.countryCode) } : null,
    };
  }

  private async table(
    id: ResearchTableId,
    schema: z.ZodType,
    subject: Record<string, string>,
    context: LookUpContext,
    page: { label: string; path: string; query: string },
  ): Promise<LookUp> {
    const input = schema.parse({ ...subject, countryCode: context.countryCode, pageSize: 20 }) as never;
    const answer = (await this.tables.table(id, input, context.viewer)) as TablePage<object> & { wasQueryFound?: boolean; month?: string | null };
    const result = tableResult(answer);
    return { result, source: result.found ? { label: page.label, href: href(page.path, page.query, context.countryCode) } : null };
  }
}

/** The sentence of a request the research refuses (zod, a 400 of the research queries), else null. */
function refusalOf(error: unknown): string | null {
  if (error instanceof z.ZodError) return error.issues.map((issue) => issue.message).join(' ');
  const response = (error as { getResponse?: () => unknown; getStatus?: () => number } | null)?.getResponse?.();
  const status = (error as { getStatus?: () => number } | null)?.getStatus?.();
  if (status === 400 || status === 404) {
    const message = (response as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : 'The research could not answer this request.';
  }
  return null;
}
