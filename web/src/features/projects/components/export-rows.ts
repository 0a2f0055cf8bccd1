import { ApiRequestError } from '@/lib/api-client';
import { csrfToken } from '@/lib/csrf';
import { csrfHeaderName } from '@serpwise/contracts';

/**
 * Exports rows the panel holds through POST /Endpoints/Core/ExportCsv (docs/product/account-exports-reports.md §7) and saves the file. The project
 * keyword list has no export-job source yet (docs/decisions.md), so a group exports the rows it shows.
 */
export async function exportRowsAsCsv(filename: string, rows: object[]): Promise<void> {
  const response = await fetch('/Endpoints/Core/ExportCsv', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/csv', [csrfHeaderName]: await csrfToken() },
    body: JSON.stringify({ filename, jsonString: JSON.stringify(rows) }),
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { message?: string; errors?: string[] };
    throw new ApiRequestError(response.status, error.message ?? `The export failed (${response.status}).`, error.errors ?? []);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${filename}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
