import type { PdfExportStatus, ScheduledPdfReport, ScheduledReportUpdate } from '@serpwise/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The three ways a PDF report goes out (docs/product/account-exports-reports.md §4 PDF export modes). */
export type PdfExportMode = 'download' | 'email' | 'schedule';

const base = '/Endpoints/PdfExport';
const modePaths: Record<PdfExportMode, string> = { download: `${base}/ExportAsync`, email: `${base}/Export`, schedule: `${base}/Schedule` };

/** Where the 3-s poll reads a PDF export while the socket is down (GetStatus, by the export session id). */
export const pdfStatusPath = (sessionId: string) => `${base}/GetStatus?sessionId=${encodeURIComponent(sessionId)}`;

/** A new export session id (docs/product/account-exports-reports.md §3 Export request: a random number). */
export const newPdfSessionId = () => String(Math.floor(Math.random() * 2 ** 47) + 1);

/** ExportAsync, Export or Schedule, as the documented multipart form of the PDF export state. */
export function sendPdfExport(mode: PdfExportMode, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiRequest<PdfExportStatus | { data: { isSuccessful: boolean; message: string; scheduledReport: ScheduledPdfReport } }>(modePaths[mode], { method: 'POST', form });
}

export const useSendPdfExport = () => useMutation({ mutationFn: ({ mode, fields }: { mode: PdfExportMode; fields: Record<string, string> }) => sendPdfExport(mode, fields) });

export const scheduledReportsKey = ['scheduled-pdf-reports'] as const;

export const getScheduledReports = () => apiRequest<ScheduledPdfReport[]>(`${base}/GetScheduledPdfReports`);

export const useScheduledReports = () => useQuery({ queryKey: scheduledReportsKey, queryFn: getScheduledReports });

export const useUpdateScheduledReport = () =>
  useRefreshingMutation(scheduledReportsKey, (change: ScheduledReportUpdate) =>
    apiRequest<{ data: { scheduledReports: ScheduledPdfReport[] } }>(`${base}/UpdateScheduledPdfReports`, { method: 'POST', body: change as unknown as Record<string, unknown> }));

/** DeleteScheduledPdfReport is a documented GET that deletes: it carries the cross-site token. */
export const useDeleteScheduledReport = () =>
  useRefreshingMutation(scheduledReportsKey, (alertId: string) => apiRequest(`${base}/DeleteScheduledPdfReport`, { csrf: true, query: { alertId } }));
