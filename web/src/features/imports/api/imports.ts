import { csrfHeaderName, importInspectHeadBytes, importInspectZipBytes, restPrefix, type ApiError, type ImportDeletionStatus, type ImportFormat, type ImportInspection, type ImportStatus } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api-client';
import { csrfToken } from '@/lib/csrf';
import { bytesOf } from '@/lib/text-file';

export const importsListKey = ['imports'] as const;
export const importStatusPath = (id: string) => `${restPrefix}/imports/${id}`;
export const historyExportPath = `${restPrefix}/imports/history`;

/** GET /rest/imports: the user's own imports, newest first. */
export const useImportsList = () => useQuery({ queryKey: importsListKey, queryFn: () => apiRequest<ImportStatus[]>(`${restPrefix}/imports`) });

export interface UploadInput {
  format: string;
  territory: string;
  domain: string;
  date: string;
  dateFrom: string;
  dateTo: string;
  file: File;
}

/** A ZIP starts with the local file header PK\x03\x04. */
async function isZip(file: File): Promise<boolean> {
  const bytes = await bytesOf(file.slice(0, 4));
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * POST /rest/imports/inspect: what the form must ask for this file. Sends the head of a text file (its first 512 KB:
 * the header and the lines before it) or the whole of a ZIP up to 64 MB (Search Console's are small), never more.
 */
export async function inspectImport(format: ImportFormat, file: File): Promise<ImportInspection> {
  const whole = (await isZip(file)) && file.size <= importInspectZipBytes;
  const form = new FormData();
  form.append('format', format);
  form.append('fileSize', String(file.size));
  form.append('file', whole ? file : file.slice(0, importInspectHeadBytes), file.name);
  return apiRequest<ImportInspection>(`${restPrefix}/imports/inspect`, { method: 'POST', form });
}

/** The inspection of the chosen file, again whenever the format or the file changes. */
export const useImportInspection = (format: ImportFormat, file: File | null) =>
  useQuery({
    queryKey: ['import-inspection', format, file?.name, file?.size, file?.lastModified],
    queryFn: () => inspectImport(format, file!),
    enabled: file !== null,
    staleTime: Infinity,
    retry: false,
  });

/** POST /rest/imports (multipart: the fields, then the file), 202 with the new import's status. */
export async function uploadImport(input: UploadInput): Promise<ImportStatus> {
  const form = new FormData();
  form.append('format', input.format);
  form.append('territory', input.territory);
  form.append('domain', input.domain);
  form.append('date', input.date);
  form.append('dateFrom', input.dateFrom);
  form.append('dateTo', input.dateTo);
  form.append('file', input.file, input.file.name);
  const response = await fetch(`${restPrefix}/imports`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', [csrfHeaderName]: await csrfToken() },
    body: form,
  });
  const text = await response.text();
  let data: Partial<ApiError> & ImportStatus;
  try {
    data = (text ? JSON.parse(text) : {}) as Partial<ApiError> & ImportStatus;
  } catch {
    // A proxy's HTML error page, say.
    data = { message: text } as Partial<ApiError> & ImportStatus;
  }
  if (!response.ok) throw new ApiRequestError(response.status, data.message ?? `The upload failed (${response.status}).`, data.errors ?? []);
  return data;
}

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: async (status) => {
      // A read of the list still under way began before this import existed: were it to land after the new row is
      // added, it would take the row away again. Stop it, add the row, then read the list afresh (the import may
      // already have moved on).
      await client.cancelQueries({ queryKey: importsListKey });
      client.setQueryData<ImportStatus[]>(importsListKey, (list) => [status, ...(list ?? []).filter((item) => item.id !== status.id)]);
      void client.invalidateQueries({ queryKey: importsListKey });
    },
  });
}

/** POST /rest/imports/:id/cancel: stops a waiting or running import (it lands nothing), or its running deletion (nothing is removed). */
export function useCancelImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ImportStatus>(`${importStatusPath(id)}/cancel`, { method: 'POST' }),
    onSuccess: (status) => client.setQueryData<ImportStatus[]>(importsListKey, (list) => (list ?? []).map((item) => (item.id === status.id ? status : item))),
  });
}

/**
 * DELETE /rest/imports/:id: starts removing the import and everything it brought (a job, issue 19); 202 with the
 * deletion's status, which the import's row then follows live.
 */
export function useDeleteImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ImportDeletionStatus>(importStatusPath(id), { method: 'DELETE' }),
    onSuccess: (deletion, id) => client.setQueryData<ImportStatus[]>(importsListKey, (list) => (list ?? []).map((item) => (item.id === id ? { ...item, deletion } : item))),
  });
}
