import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../accounts/email.js';
import { accountMessages } from '../accounts/messages.js';
import { jobStatusSchema, type JobStatus } from '../jobs/job-status.js';
import { reportDesignOfStyleId, reportDesigns, reportOptionsSchema, sectionsOfElements, type ExportableElement, type ReportOptions } from './report.api.js';

/**
 * The PDF export calls (docs/product/account-exports-reports.md §7 /Endpoints/PdfExport/*) and the scheduled reports of /account/scheduled-pdf-reports.
 * The browser sends the PDF export state (docs/product/account-exports-reports.md §3) as a multipart form: every field is text, lists and objects are
 * JSON text.
 */

/** docs/product/account-exports-reports.md §9: the frequencies a scheduled report may have. */
export const pdfReportFrequencies = ['WEEKLY', 'MONTHLY'] as const;
export type PdfReportFrequency = (typeof pdfReportFrequencies)[number];

/**
 * When a scheduled report goes out (issue 22 point 1): the day of the week (WEEKLY; 0 Sunday … 6 Saturday, as cron
 * counts) or of the month (MONTHLY; 1–28, so every month has it), the time of day (24-hour HH:MM) and the IANA time
 * zone that time is in. A schedule saved before issue 22 reads as Monday / the 1st at 06:00 UTC.
 */
export const scheduleDayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const lastScheduleDayOfMonth = 28;
export const defaultScheduleTiming = { dayOfWeek: 1, dayOfMonth: 1, time: '06:00', timeZone: 'UTC' } as const;

/** Whether the runtime knows the IANA zone (Intl throws a RangeError for one it does not). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Most addresses one report (or schedule) is e-mailed to, the sender excluded. */
export const maxReportRecipients = 20;

export const pdfExportMessages = {
  noRecipients: 'Add at least one e-mail address, or send the report to yourself.',
  recipientInvalid: 'Correct or remove the address marked in red before you save: it is not a valid e-mail address',
  tooManyRecipients: `A report can be e-mailed to at most ${maxReportRecipients} addresses.`,
  frequency: 'The frequency must be WEEKLY or MONTHLY.',
  dayOfWeek: 'The day of the week must be one from Sunday to Saturday.',
  dayOfMonth: `The day of the month must be from 1 to ${lastScheduleDayOfMonth}.`,
  time: 'The time must be HH:MM, from 00:00 to 23:59.',
  timeZone: 'Choose a time zone from the list.',
  sendingNow: 'The report is being sent now.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Use the link of the latest report e-mail.',
  mailLinkInvalid: 'This report link is not valid.',
  mailLinkExpired: 'This report link has expired. Ask the sender for the latest report.',
  mailFileGone: 'This report is no longer available. Ask the sender for the latest report.',
  styleId: `The style must be a number from 1 to ${reportDesigns.length}.`,
  elements: 'The report sections could not be read.',
  alertConfig: 'The alert settings could not be read.',
  alertProject: 'Choose the project the alert belongs to.',
  sessionId: 'The export session id must be a number.',
  notFound: 'Scheduled report not found.',
  statusNotFound: 'No PDF export with that session id.',
  otherUser: 'You can only see and change your own scheduled reports.',
  generating: 'Generating PDF…',
  exported: 'Exported PDF',
  openInNewTab: 'Open PDF in New Tab',
  failed: 'The PDF could not be generated.',
  emailed: 'The PDF report is on its way.',
  scheduled: 'Your report has been scheduled.',
  updated: 'Your scheduled reports have been updated.',
  deleted: 'The scheduled report has been deleted.',
} as const;

/** Form checkboxes arrive as 'true'/'false', 'on', '1'/'0' or real booleans. */
const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  return text === 'true' || text === 'on' || text === '1' ? true : text === 'false' || text === '0' || text === '' ? false : value;
}, z.boolean());

const formInteger = (message: string, min: number, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The timing fields of a schedule, each optional (absent: the default, or unchanged in an update). */
export const scheduleTimingFields = {
  dayOfWeek: formInteger(pdfExportMessages.dayOfWeek, 0, 6).optional(),
  dayOfMonth: formInteger(pdfExportMessages.dayOfMonth, 1, lastScheduleDayOfMonth).optional(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, pdfExportMessages.time).optional(),
  timeZone: z.string().refine(isKnownTimeZone, pdfExportMessages.timeZone).optional(),
};

export interface ScheduleTiming {
  dayOfWeek: number;
  dayOfMonth: number;
  /** HH:MM, 24-hour, in timeZone. */
  time: string;
  timeZone: string;
}

const recipientAddress = z.string().max(254).transform(normalizeEmail).refine(isValidEmail, accountMessages.invalidEmail);

/** emailCsv: addresses separated by commas, semicolons or new lines; repeats dropped. */
export const emailCsvSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? [...new Set(value.split(/[,;\n]/).map((part) => normalizeEmail(part)).filter(Boolean))] : value),
    z.array(recipientAddress).max(maxReportRecipients, pdfExportMessages.tooManyRecipients),
  )
  .default([]);

const elementSchema = z.object({ printId: z.string().max(64), isSelected: z.boolean(), order: z.number() });

export const alertConfigSchema = z.object({
  projectId: z.uuid(pdfExportMessages.alertProject),
  /** The alert's name; the project's name when absent. */
  name: z.string().trim().max(120).optional(),
  sourceUrl: z.string().trim().max(2048).nullable().optional(),
});
export type AlertConfig = z.infer<typeof alertConfigSchema>;

/**
 * The multipart form of ExportAsync, Export and Schedule: the PDF export state (docs/product/account-exports-reports.md §3) plus what the report is
 * about. itemName is the domain when `domain` is absent (the state names the item it was opened on); styleId picks
 * the design (1 Surf … 8 White) unless `design` names it.
 */
export const pdfExportFormSchema = z
  .object({
    sessionId: z.string().regex(/^\d{1,15}$/, pdfExportMessages.sessionId).optional(),
    domain: z.string().optional(),
    itemName: z.string().max(253).optional(),
    sectionName: z.string().max(100).optional(),
    countryCode: z.string().optional(),
    month: z.string().optional(),
    template: z.string().optional(),
    design: z.string().optional(),
    styleId: z.coerce.number({ error: pdfExportMessages.styleId }).int(pdfExportMessages.styleId).min(1, pdfExportMessages.styleId).max(reportDesigns.length, pdfExportMessages.styleId).optional(),
    customTitle: z.string().optional(),
    preparedBy: z.string().optional(),
    preparedFor: z.string().optional(),
    comments: z.string().optional(),
    rowLimit: z.string().optional(),
    whiteLabel: z.string().optional(),
    projectId: z.string().optional(),
    groupHash: z.string().optional(),
    brandId: z.string().optional(),
    elements: z.string().optional(),
    emailCsv: z.string().max(6000).optional(),
    sendByEmail: formBoolean.default(false),
    scheduleReport: formBoolean.default(false),
    sendReportToSelf: formBoolean.default(false),
    sendAlerts: formBoolean.default(false),
    alertConfig: z.string().optional(),
    frequency: z.enum(pdfReportFrequencies, { error: pdfExportMessages.frequency }).optional(),
    ...scheduleTimingFields,
  })
  .passthrough();
export type PdfExportForm = z.input<typeof pdfExportFormSchema>;

/** What a PDF export form asks for, once read: the report, and where it goes. */
export interface PdfExportRequest {
  sessionId: string | undefined;
  report: ReportOptions;
  /** Other addresses to e-mail it to (emailCsv). */
  recipients: string[];
  sendReportToSelf: boolean;
  sendByEmail: boolean;
  scheduleReport: boolean;
  frequency: PdfReportFrequency | undefined;
  /** When a scheduled report goes out (the defaults where the form gave none). */
  timing: ScheduleTiming;
  /** Save a project alert with it (docs/product/account-exports-reports.md §4: after e-mailing or scheduling). */
  alert: AlertConfig | null;
  sectionName: string | null;
}

const parseJson = (text: string | undefined, message: string): unknown => {
  if (text === undefined || !text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new PdfExportFormError([message]);
  }
};

/** A form that cannot be read: the messages say why, in the order of the fields. */
export class PdfExportFormError extends Error {
  constructor(readonly messages: string[]) {
    super(messages[0] ?? 'Invalid request.');
    this.name = 'PdfExportFormError';
  }
}

const issuesOf = (error: z.ZodError) => error.issues.map((issue) => issue.message);

/** Reads a PDF export form into a request, or throws PdfExportFormError with every message. */
export function readPdfExportForm(input: Record<string, unknown>): PdfExportRequest {
  const form = pdfExportFormSchema.safeParse(input);
  if (!form.success) throw new PdfExportFormError(issuesOf(form.error));
  const fields = form.data;

  const rawElements = parseJson(fields.elements, pdfExportMessages.elements);
  const elements = rawElements === undefined ? undefined : z.array(elementSchema).safeParse(rawElements);
  if (elements && !elements.success) throw new PdfExportFormError([pdfExportMessages.elements]);
  const sections = elements?.data ? sectionsOfElements(elements.data as ExportableElement[]) : undefined;

  const design = fields.design ?? (fields.styleId ? reportDesignOfStyleId(fields.styleId) : undefined);
  const report = reportOptionsSchema.safeParse({
    domain: fields.domain ?? fields.itemName,
    countryCode: fields.countryCode,
    month: fields.month || undefined,
    template: fields.template || undefined,
    design,
    customTitle: fields.customTitle,
    preparedBy: fields.preparedBy,
    preparedFor: fields.preparedFor,
    comments: fields.comments,
    ...(sections?.length ? { sections } : {}),
    rowLimit: fields.rowLimit || undefined,
    whiteLabel: fields.whiteLabel || undefined,
    projectId: fields.projectId || undefined,
    groupHash: fields.groupHash || undefined,
    brandId: fields.brandId || undefined,
  });
  if (!report.success) throw new PdfExportFormError(issuesOf(report.error));

  const recipients = emailCsvSchema.safeParse(fields.emailCsv ?? '');
  if (!recipients.success) throw new PdfExportFormError(issuesOf(recipients.error));

  let alert: AlertConfig | null = null;
  if (fields.sendAlerts) {
    const parsed = alertConfigSchema.safeParse(parseJson(fields.alertConfig, pdfExportMessages.alertConfig) ?? {});
    if (!parsed.success) throw new PdfExportFormError(issuesOf(parsed.error));
    alert = parsed.data;
  }

  return {
    sessionId: fields.sessionId,
    report: report.data,
    recipients: recipients.data,
    sendReportToSelf: fields.sendReportToSelf,
    sendByEmail: fields.sendByEmail,
    scheduleReport: fields.scheduleReport,
    frequency: fields.frequency,
    timing: {
      dayOfWeek: fields.dayOfWeek ?? defaultScheduleTiming.dayOfWeek,
      dayOfMonth: fields.dayOfMonth ?? defaultScheduleTiming.dayOfMonth,
      time: fields.time ?? defaultScheduleTiming.time,
      timeZone: fields.timeZone ?? defaultScheduleTiming.timeZone,
    },
    alert,
    sectionName: fields.sectionName ?? null,
  };
}

/** A report job as its owner sees it (socket event, GetStatus): the job status plus the export request's flags. */
/** What started a scheduled report's delivery. */
export const reportTriggers = ['schedule', 'send-now'] as const;
export type ReportTrigger = (typeof reportTriggers)[number];

export const pdfExportFactsSchema = z.object({
  sessionId: z.string().nullable(),
  isReady: z.boolean(),
  isError: z.boolean(),
  /** Opens the PDF (inline, signed for its owner) while the file exists. */
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Who it was (or will be) e-mailed to. */
  emailTo: z.array(z.string()),
  /** Set when the job is a scheduled report's delivery. */
  scheduleId: z.string().nullable(),
  /** What the report is (the job center's words): its template, the domain and territory it is about, its title. */
  template: z.string(),
  domain: z.string(),
  countryCode: z.string(),
  title: z.string().nullable(),
  /** The PDF's size once it was drawn. */
  bytes: z.number().nullable(),
  /** A scheduled report's delivery: whether its schedule fired or its owner pressed Send now; null otherwise. */
  trigger: z.enum(reportTriggers).nullable(),
});
export const pdfExportStatusSchema = jobStatusSchema.extend({ pdf: pdfExportFactsSchema });
export type PdfExportStatus = z.infer<typeof pdfExportStatusSchema>;

/** What the last delivery of a scheduled report did, read from its job. */
export interface ScheduledReportDelivery {
  state: JobStatus['state'];
  at: string;
  attempts: number;
  error: string | null;
}

/** A scheduled report (GetScheduledPdfReports). Its id is the alertId DeleteScheduledPdfReport takes. */
export interface ScheduledPdfReport extends ScheduleTiming {
  alertId: string;
  userId: string;
  domain: string;
  countryCode: string;
  template: ReportOptions['template'];
  design: ReportOptions['design'];
  styleId: number;
  /** The brand it is sent in (issue 22 point 2); null: the account's default brand. */
  brandId: string | null;
  customTitle: string;
  preparedBy: string;
  preparedFor: string;
  comments: string;
  sections: string[];
  frequency: PdfReportFrequency;
  recipients: string[];
  sendReportToSelf: boolean;
  isActive: boolean;
  /** The project alert saved with it, if any. */
  projectAlertId: string | null;
  createdAt: string;
  /** When the next one goes out (null while paused). */
  nextRunAt: string | null;
  lastDelivery: ScheduledReportDelivery | null;
}

/** One change of UpdateScheduledPdfReports: the report by its alertId and the fields to change. */
export const scheduledReportUpdateSchema = z
  .object({
    alertId: z.uuid('The alert id must be a UUID.'),
    frequency: z.enum(pdfReportFrequencies, { error: pdfExportMessages.frequency }).optional(),
    ...scheduleTimingFields,
    isActive: z.boolean().optional(),
    sendReportToSelf: z.boolean().optional(),
    /** Replaces the other addresses: a list, or emailCsv text. */
    recipients: z.array(recipientAddress).max(maxReportRecipients, pdfExportMessages.tooManyRecipients).optional(),
    emailCsv: z.string().max(6000).optional(),
    customTitle: z.string().optional(),
    preparedBy: z.string().optional(),
    preparedFor: z.string().optional(),
    comments: z.string().optional(),
    /** Another brand of the account; null: the default brand. */
    brandId: z.uuid('Choose one of your brands.').nullable().optional(),
    userId: z.string().optional(),
  })
  .strict();
export type ScheduledReportUpdate = z.infer<typeof scheduledReportUpdateSchema>;

/** UpdateScheduledPdfReports takes one change, a list of them, or { scheduledReports: [...] }. */
export const updateScheduledPdfReportsSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value : value && typeof value === 'object' && 'scheduledReports' in value ? (value as { scheduledReports: unknown }).scheduledReports : [value]),
  z.array(scheduledReportUpdateSchema).min(1, 'Send at least one scheduled report to update.').max(100),
);

/**
 * The cron pattern of a schedule's timing (minute hour day-of-month month day-of-week), read by BullMQ in the
 * schedule's time zone: WEEKLY on its day of the week, MONTHLY on its day of the month.
 */
export function scheduleCronPattern(frequency: PdfReportFrequency, timing: Pick<ScheduleTiming, 'dayOfWeek' | 'dayOfMonth' | 'time'>): string {
  const [hour, minute] = timing.time.split(':').map(Number);
  return frequency === 'WEEKLY' ? `${minute} ${hour} * * ${timing.dayOfWeek}` : `${minute} ${hour} ${timing.dayOfMonth} * *`;
}

const ordinal = (day: number) => `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

/** A schedule in words: "Weekly on Mondays at 09:00 (Europe/Berlin)", "Monthly on the 1st at 06:00 (UTC)". */
export function describeSchedule(frequency: PdfReportFrequency, timing: ScheduleTiming): string {
  const day = frequency === 'WEEKLY' ? `Weekly on ${scheduleDayNames[timing.dayOfWeek] ?? '?'}s` : `Monthly on the ${ordinal(timing.dayOfMonth)}`;
  return `${day} at ${timing.time} (${timing.timeZone})`;
}

/** A report recipient's subscription, as the unsubscribe page shows it (GET and POST /rest/reports/unsubscribe). */
export const reportSubscriptionSchema = z.object({
  email: z.string(),
  /** The scheduled report's title; null when the schedule was deleted. */
  title: z.string().nullable(),
  /** Whether the address still gets the report. */
  subscribed: z.boolean(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportUnsubscribeSchema = z.object({ token: z.string().min(1, pdfExportMessages.unsubscribeInvalid).max(2000, pdfExportMessages.unsubscribeInvalid) });
