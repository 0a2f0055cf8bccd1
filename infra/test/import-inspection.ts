import type { ImportInspection } from '@serpwise/contracts';
import type { HttpSession } from './http-session.js';

/** What the import form learns of a file (POST /rest/imports/inspect), as the page sends it; any answer but 200 fails. */
export async function inspectImport(session: HttpSession, format: string, file: Buffer, fileName: string): Promise<ImportInspection> {
  const form = new FormData();
  form.append('format', format);
  form.append('fileSize', String(file.length));
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const response = await session.postForm('/rest/imports/inspect', form);
  if (response.status !== 200) throw new Error(`inspect answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ImportInspection;
}
