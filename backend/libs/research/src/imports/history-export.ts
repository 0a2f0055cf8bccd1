import { csvLine, serpFileColumns, spreadsheetCell } from '@serpwise/contracts';
import type pg from 'pg';

/**
 * Every search result a user owns (their imports and fetches), keyword × day × ranking URL, in the plain SERP file
 * format: the file imports back as a SERP file and lands the same rows (docs/research-data.md "Imports"). A result
 * whose page is not known (a Search Console query) has no URL and names its site instead.
 * Sorted, so two exports of the same data are the same bytes.
 */
export const historyExportSql = `
  select k.term as keyword, o.territory, to_char(o.observed_on, 'YYYY-MM-DD') as date, o.position, p.url, p.title,
    k.volume, k.cpc::text as cpc, k.competition::text as competition, k.difficulty, o.clicks, o.impressions,
    case when o.page_id is null then d.name end as site
  from serp_observation o
    join keyword k on k.id = o.keyword_id
    left join page p on p.id = o.page_id
    left join domain d on d.id = o.domain_id and o.page_id is null
  where o.owner_user_id = $1
  order by o.observed_on, o.territory, k.term, o.position`;

const batchRows = 5_000;

/** The export as CSV text chunks, read through a server-side cursor (memory stays flat for millions of rows). */
export async function* historyExportCsv(client: pg.ClientBase, ownerUserId: string): AsyncGenerator<string> {
  await client.query('begin isolation level repeatable read read only');
  let finished = false;
  try {
    await client.query(`declare history_rows no scroll cursor for ${historyExportSql}`, [ownerUserId]);
    yield csvLine([...serpFileColumns]);
    for (;;) {
      const batch = await client.query<Record<string, unknown>>(`fetch ${batchRows} from history_rows`);
      let text = '';
      // Numbers stay as PostgreSQL prints them (cpc 1.50), so a re-import stores the same values.
      for (const row of batch.rows) text += csvLine(serpFileColumns.map((column) => spreadsheetCell(row[column])));
      if (text) yield text;
      if (batch.rows.length < batchRows) break;
    }
    await client.query('commit');
    finished = true;
  } finally {
    // Also when the reader stops early (the download was cut off).
    if (!finished) await client.query('rollback').catch(() => undefined);
  }
}
