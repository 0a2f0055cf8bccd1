import { csrfHeaderName, type ImportDeletionStatus, type ImportStatus, type JobStatus, type ServerToClientEvents } from '@serpwise/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { HttpSession } from './http-session.js';
import { untilJobStatus } from './waiting.js';

/**
 * Support for the tests of deleting an import (issue 19 point 6): SERP files written here, the upload and delete
 * calls, the job's socket events, a row lock that holds a deletion between two batches, and a fingerprint of the
 * warehouse to compare before an import and after its deletion.
 */

export interface SerpRow {
  keyword: string;
  date: string;
  position: number;
  url: string;
}

/** A SERP file (the import's own CSV shape: keyword, territory, date, position, url, title). */
export const serpFile = (rows: readonly SerpRow[], territory = 'US'): string =>
  `keyword,territory,date,position,url,title\n${rows.map((row) => `${row.keyword},${territory},${row.date},${row.position},${row.url},Title ${row.position}`).join('\n')}\n`;

/** POST /rest/imports as the page posts it; answers the status code and the body. */
export async function uploadFile(baseUrl: string, session: HttpSession, file: string | Buffer, fileName: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), fileName);
  const response = await fetch(`${baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: session.cookie, [csrfHeaderName]: session.csrfToken, accept: 'application/json' }, body: form });
  return { status: response.status, body: (await response.json()) as ImportStatus };
}

const finished = (status: { state: string }) => ['completed', 'failed', 'cancelled'].includes(status.state);

/** Uploads a file and waits for its import to end. */
export async function importedFile(baseUrl: string, session: HttpSession, file: string | Buffer, fileName: string, fields: Record<string, string> = { format: 'serp', territory: 'US' }): Promise<ImportStatus> {
  const started = await uploadFile(baseUrl, session, file, fileName, fields);
  if (started.status !== 202) throw new Error(`upload refused: ${started.status} ${JSON.stringify(started.body)}`);
  return untilJobStatus(`import ${started.body.id}`, async () => (await (await session.get(`/rest/imports/${started.body.id}`)).json()) as ImportStatus, finished);
}

/** DELETE /rest/imports/:id: the status code and the answer (the deletion's status, or an error). */
export async function deleteImport(session: HttpSession, importId: string): Promise<{ status: number; body: ImportDeletionStatus }> {
  const response = await session.request('DELETE', `/rest/imports/${importId}`, { [csrfHeaderName]: session.csrfToken });
  return { status: response.status, body: (await response.json()) as ImportDeletionStatus };
}

/** A job's presented status through the poll call, until it has ended. */
export const jobEnded = (session: HttpSession, jobId: string): Promise<ImportDeletionStatus> =>
  untilJobStatus(`job ${jobId}`, async () => (await (await session.get(`/rest/jobs/${jobId}`)).json()) as ImportDeletionStatus, finished);

/** Deletes an import and waits for the deletion to end; fails unless it completed. */
export async function deletedImport(session: HttpSession, importId: string): Promise<ImportDeletionStatus> {
  const started = await deleteImport(session, importId);
  if (started.status !== 202) throw new Error(`delete refused: ${started.status} ${JSON.stringify(started.body)}`);
  const done = await jobEnded(session, started.body.id);
  if (done.state !== 'completed') throw new Error(`the deletion ended ${done.state}: ${done.error ?? ''}`);
  return done;
}

/** A logged-in browser's socket, and every job.updated it hears. */
export async function jobEventsOf(baseUrl: string, session: HttpSession): Promise<{ socket: Socket<ServerToClientEvents>; events: JobStatus[] }> {
  const socket: Socket<ServerToClientEvents> = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: session.cookie }, reconnection: false });
  const events: JobStatus[] = [];
  socket.on('job.updated', (status) => events.push(status));
  await new Promise<void>((resolve, reject) => {
    socket.once('session.ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

/**
 * Holds a lock on one of an import's monthly rows (organic_rank) in a transaction of its own: a deletion removes the
 * months one by one, so it reports the months before this one and then waits here, between two batches, until released.
 */
export class HeldMonth {
  private constructor(private readonly client: pg.Client) {}

  static async hold(databaseUrl: string, importId: string, month: string): Promise<HeldMonth> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('begin');
    const locked = await client.query(
      `select 1 from organic_rank r join data_import i on i.source_id = r.source_id where i.id = $1 and r.month = $2::date limit 1 for update of r`, [importId, month]);
    if (locked.rowCount !== 1) throw new Error(`the import ${importId} has no row in ${month}`);
    return new HeldMonth(client);
  }

  async release(): Promise<void> {
    await this.client.query('rollback');
    await this.client.end();
  }
}

/** Whether a worker's transaction is still open (a cancelled or killed deletion rolling back). */
export async function workerTransactionOpen(database: { query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]> }): Promise<boolean> {
  const rows = await database.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where application_name like 'serpwise-worker%' and xact_start is not null and datname = current_database()`);
  return rows[0]!.n > 0;
}

/**
 * A fingerprint of the research warehouse: each table's rows as text, hashed (ids included, so a row taken away and
 * made again differs). Equal before an import and after its deletion means the deletion removed exactly what it brought.
 */
export async function warehouseFingerprint(database: { query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]> }): Promise<Record<string, string>> {
  const tables = ['keyword', 'page', 'domain', 'organic_rank', 'serp_observation', 'domain_month', 'page_first_month'];
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await database.query<{ n: number; hash: string | null }>(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as hash from ${table} t`);
    fingerprint[table] = `${row!.n} ${row!.hash ?? ''}`;
  }
  return fingerprint;
}
