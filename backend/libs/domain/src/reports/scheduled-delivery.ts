import type { ReportJobInput, ReportOptions, ReportTrigger } from '@serpwise/contracts';
import type { ScheduledReportRecord } from '@serpwise/database';
import { reportSteps } from './report-delivery.js';

/**
 * The report job of one delivery of a scheduled report, whether its scheduler fired (the worker) or its owner
 * pressed Send now (the API): the schedule's report, e-mailed to its addresses (the owner's own first when asked,
 * each once) and kept, so the delivery history links the PDF that went out (issue 22 point 1).
 */
export function scheduledDeliveryJob(schedule: ScheduledReportRecord, ownerEmail: string, trigger: ReportTrigger): { input: ReportJobInput; total: number } {
  const emailTo = [...new Set([...(schedule.sendToSelf ? [ownerEmail.toLowerCase()] : []), ...schedule.recipients])];
  const input: ReportJobInput = { report: schedule.options as unknown as ReportOptions, store: true, emailTo, sessionId: null, scheduleId: schedule.id, trigger, scheduleFrequency: schedule.frequency };
  return { input, total: reportSteps(input) };
}
