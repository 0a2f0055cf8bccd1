import { importFormats, importSourceNames, type ImportFormat } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { rowSourceIds } from '../tables/row-source.js';
import type { ExportProvenance } from './export-provenance.js';

/**
 * Each exported row's Data Source and Data Date from its own warehouse sources (the table query's `__source`
 * column, row-source.ts), in the page's words (docs/decisions.md, "Issue 20: provenance per row"): "Demo data",
 * the provider's name ("DataForSEO", dated the fetch's day), "Your data: Search Console" (the viewer's own import or
 * sync; "Your team's data: …" for their account owner's, shared through a project). The words of every source the
 * viewer may see are read once per export (one read of data_source), never joined per row.
 */
export type RowProvenance = (sourceColumn: unknown) => ExportProvenance;

interface SourceRow {
  id: number;
  kind: string;
  label: string;
  format: string | null;
  owner_user_id: string | null;
  fetched_on: string;
}

const demoData = 'Demo data';
/** "DataForSEO: example.com (US)" → "DataForSEO". */
const providerName = (label: string) => label.split(':')[0]!.trim();

function wordsOf(source: SourceRow, viewerUserId: string, month: string | null): ExportProvenance {
  if (source.owner_user_id !== null && source.kind !== 'provider') {
    const name = source.format && (importFormats as readonly string[]).includes(source.format) ? importSourceNames[source.format as ImportFormat] : 'import';
    return { dataSource: `${source.owner_user_id === viewerUserId ? 'Your data' : "Your team's data"}: ${name}`, dataDate: month };
  }
  if (source.kind === 'provider') return { dataSource: providerName(source.label), dataDate: source.fetched_on };
  if (source.kind === 'demo') return { dataSource: demoData, dataDate: month };
  return { dataSource: providerName(source.label) || 'Serpwise', dataDate: month };
}

/**
 * The row provenance of one export, read as its owner (a viewer-scoped Sql: sources they may not see have no words).
 * `month`: the month the table shows (YYYY-MM-DD), the Data Date of every source but a provider fetch. `file`: the
 * export's own provenance (export-provenance.ts), for a row that names no source (a roll-up, a table without one).
 */
export async function rowProvenance(sql: Sql, request: { viewerUserId: string; month: string | null; file: ExportProvenance }): Promise<RowProvenance> {
  const sources = await sql.query<SourceRow>(
    `select id, kind, label, details->>'format' as format, owner_user_id,
       coalesce(details->>'fetchedOn', to_char(loaded_at at time zone 'UTC', 'YYYY-MM-DD')) as fetched_on
     from data_source`);
  const month = request.month ? request.month.slice(0, 7) : null;
  const byId = new Map(sources.map((source) => [Number(source.id), wordsOf(source, request.viewerUserId, month)]));
  // Rows of several sources repeat the same few sets: each set's words are made once.
  const bySet = new Map<string, ExportProvenance>();
  return (sourceColumn) => {
    // Most rows name one source, as a number: looked up without the list rowSourceIds makes (the same answer).
    if (typeof sourceColumn === 'number') return (Number.isFinite(sourceColumn) && byId.get(sourceColumn)) || request.file;
    const ids = rowSourceIds(sourceColumn);
    if (ids.length === 1) return byId.get(ids[0]!) ?? request.file;
    if (ids.length === 0) return request.file;
    const key = ids.join(',');
    let words = bySet.get(key);
    if (!words) {
      const known = [...new Set(ids)].sort((a, b) => a - b).map((id) => byId.get(id)).filter((entry): entry is ExportProvenance => entry !== undefined);
      const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))];
      words = known.length
        ? { dataSource: unique(known.map((entry) => entry.dataSource)).join(', '), dataDate: unique(known.map((entry) => entry.dataDate)).join(', ') || null }
        : request.file;
      bySet.set(key, words);
    }
    return words;
  };
}
