import { csrfHeaderName, restPrefix, type ApiError, type ImportStatus } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api-client';
import { csrfToken } from '@/lib/csrf';

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
  file: File;
}

/** POST /rest/imports (multipart: the fields, then the file), 202 with the new import's status. */
export async function uploadImport(input: UploadInput): Promise<ImportStatus> {
  const form = new FormData();
  form.append('format', input.format);
  form.append('territory', input.territory);
  form.append('domain', input.domain);
  form.append('date', input.date);
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
    onSuccess: (status) => client.setQueryData<ImportStatus[]>(importsListKey, (list) => [status, ...(list ?? []).filter((item) => item.id !== status.id)]),
  });
}

/** POST /rest/imports/:id/cancel: stops a waiting or running import; it lands nothing. */
export function useCancelImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ImportStatus>(`${importStatusPath(id)}/cancel`, { method: 'POST' }),
    onSuccess: (status) => client.setQueryData<ImportStatus[]>(importsListKey, (list) => (list ?? []).map((item) => (item.id === status.id ? status : item))),
  });
}

/** DELETE /rest/imports/:id: the import and everything it brought. */
export function useDeleteImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deleted: true }>(importStatusPath(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => client.setQueryData<ImportStatus[]>(importsListKey, (list) => (list ?? []).filter((item) => item.id !== id)),
  });
}
