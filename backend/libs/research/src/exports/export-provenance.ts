import { hostOfText, importSourceNames, type ResearchTableId } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { subjectMonths } from '../warehouse/subject-months.js';

/**
 * Where an export's figures come from and of when (issue 20, point 3): written into every row of the file as the
 * columns "Data source" and "Data date" (docs/decisions.md, "Issue 20: provenance in exports"). The words are the
 * research page's: "Your data: Search Console" (the viewer's own imports or Search Console sync of the month),
 * "DataForSEO" (a live-data fetch of the subject, dated the day it was fetched), "Demo data" (the generated market).
 */
export interface ExportProvenance {
  dataSource: string;
  /** The fetch's day (YYYY-MM-DD) for provider data, else the month the figures are of (YYYY-MM); null: unknown. */
  dataDate: string | null;
}

/** The columns the export adds to every row, after the table's own. */
export const provenanceColumns = ['dataSource', 'dataDate'] as const;

const demoData = 'Demo data';

type Subject = { domain: string } | { keyword: string };

/** The one domain or keyword a table is about; null for a table of several (kombat, lists, top domains). */
export function exportSubject(table: ResearchTableId, input: Record<string, unknown>): Subject | null {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  if (table === 'seo/kombat' || table === 'ppc/kombat' || (table.startsWith('outreach/') && table !== 'outreach/leads')) return null;
  const domain = text(input['domain']) ?? (text(input['url']) ? hostOfText(text(input['url'])!) : null);
  if (domain) return { domain };
  const query = text(input['query']);
  if (!query) return null;
  return table.startsWith('keyword/') || table === 'ppc/ad-templates' ? { keyword: query } : { domain: query };
}

/**
 * The provenance of one export, read as its owner sees the research page (a viewer-scoped Sql): their own imports of
 * the month win (as on the page), then the newest live-data fetch of the subject in the territory when it is of
 * that month, then the installation's sources (the demo market, providers; "Serpwise" when it has neither).
 */
export async function exportProvenance(
  sql: Sql,
  request: { table: ResearchTableId; input: Record<string, unknown>; month: string | null; viewerUserId: string },
): Promise<ExportProvenance> {
  const territory = typeof request.input['countryCode'] === 'string' ? request.input['countryCode'] : 'US';
  const subject = exportSubject(request.table, request.input);
  let month = request.month;
  if (subject) {
    const months = await subjectMonths(sql, { territory, ...subject, viewerUserId: request.viewerUserId });
    month ??= months.latest;
    const shown = months.months.find((entry) => entry.month === month);
    // A keyword's numbers are the viewer's whatever month the table shows (as the page's label says).
    const own = shown?.own.length ? shown : months.numbers;
    if (own?.own.length) return { dataSource: `Your data: ${own.own.map((format) => importSourceNames[format]).join(', ')}`, dataDate: own.month.slice(0, 7) };
    const fetched = await providerFetch(sql, 'domain' in subject ? subject.domain : subject.keyword, territory);
    if (fetched && (month === null || fetched.fetchedOn.slice(0, 7) === month.slice(0, 7))) return { dataSource: fetched.provider, dataDate: fetched.fetchedOn };
  }
  const sources = await installationSources(sql);
  // A subject nobody fetched is the demo market's on a demo installation, as the page's "Demo data" label says.
  const dataSource = subject && sources.includes(demoData) ? demoData : sources.join(', ') || 'Serpwise';
  return { dataSource, dataDate: month ? month.slice(0, 7) : null };
}


/** The newest live-data fetch of a subject (its data_source, installation data): the provider's name and the day. */
async function providerFetch(sql: Sql, subject: string, territory: string): Promise<{ provider: string; fetchedOn: string } | null> {
  const [row] = await sql.query<{ label: string; fetched_on: string }>(
    `select label, coalesce(details->>'fetchedOn', to_char(loaded_at at time zone 'UTC', 'YYYY-MM-DD')) as fetched_on
     from data_source where kind = 'provider' and owner_user_id is null and details->>'subject' = ? and details->>'territory' = ?
     order by loaded_at desc, id desc limit 1`,
    [subject, territory]);
  return row ? { provider: providerName(row.label), fetchedOn: row.fetched_on } : null;
}

/** "DataForSEO: example.com (US)" → "DataForSEO". */
const providerName = (label: string) => label.split(':')[0]!.trim();

/** The installation's kinds of data: "Demo data" and the providers' names ("DataForSEO"). */
async function installationSources(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ kind: string; label: string }>(
    `select kind, min(label) as label from data_source where owner_user_id is null and kind in ('demo', 'provider')
     group by kind, split_part(label, ':', 1) order by kind`);
  return [...new Set(rows.map((row) => (row.kind === 'demo' ? demoData : providerName(row.label))))];
}
