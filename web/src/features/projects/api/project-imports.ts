import type { OutreachImportAnswer, OutreachImportRow, QueuedImportAnswer } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';
import { nsa } from './base';

/** import/OutreachImport: the counts at once, or (past projectLimits.outreachImportJobThreshold rows) the job. */
export const importOutreach = (projectId: string | undefined, rows: OutreachImportRow[]) =>
  apiRequest<OutreachImportAnswer | QueuedImportAnswer>(nsa('import/OutreachImport'), { method: 'POST', body: { ...(projectId ? { projectId } : {}), rows } });
