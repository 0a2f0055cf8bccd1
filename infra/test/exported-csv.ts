import type { ExportStatus } from '@serpwise/contracts';
import type { HttpSession } from './http-session.js';
import { untilJobStatus } from './waiting.js';

/** A research table exported as CSV through the export job, as the Export menu asks for it; the file's text. */
export async function exportedCsv(session: HttpSession, table: string, params: Record<string, string>): Promise<string> {
  const started = (await (await session.post('/rest/exports', { table, params, format: 'csv' })).json()) as ExportStatus;
  const done = await untilJobStatus(`export ${started.id}`, async () => (await session.get(`/rest/exports/${started.id}`)).json() as Promise<ExportStatus>,
    (status) => ['completed', 'failed'].includes(status.state));
  if (done.state !== 'completed') throw new Error(`The export ${done.state}: ${done.error ?? ''}`);
  return (await session.get(done.export.downloadUrl!)).text();
}
