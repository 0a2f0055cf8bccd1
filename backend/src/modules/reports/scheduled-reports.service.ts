import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  emailCsvSchema,
  pdfExportMessages,
  reportJob,
  reportOptionsSchema,
  styleIdOfReportDesign,
  type PdfExportRequest,
  type ReportOptions,
  type ScheduledPdfReport,
  type ScheduledReportUpdate,
} from '@serpwise/contracts';
import { JobRecordRepository, ProjectRepository, ScheduledReportRepository, type ScheduledReportRecord } from '@serpwise/database';
import { ReportSchedules } from '@serpwise/domain';
import { ProjectAlertsService } from '../account/project-alerts.service.js';
import type { Identity } from '../sessions/request-session.js';
import { reportDomainOf } from './pdf-export.service.js';
import { badRequest } from '../../common/bad-request.js';
import { ReportBrandsService } from './report-brands.service.js';
import { AnalyticsRecorder } from '@serpwise/platform';

/**
 * Scheduled PDF reports (docs/product/account-exports-reports.md §4 "Scheduled report, with optional alert saving"; /account/scheduled-pdf-reports):
 * saved in PostgreSQL, each active one a BullMQ job scheduler (WEEKLY on its day of the week, MONTHLY on its day of
 * the month, at its time in its time zone; issue 22). A user sees
 * and changes only their own. If Redis cannot be reached the change is still saved, and the worker's sync task puts
 * the scheduler right within minutes.
 */
@Injectable()
export class ScheduledReportsService {
  private readonly logger = new Logger(ScheduledReportsService.name);

  constructor(
    private readonly schedules: ScheduledReportRepository,
    private readonly jobs: JobRecordRepository,
    private readonly projects: ProjectRepository,
    private readonly alerts: ProjectAlertsService,
    @Inject(ReportSchedules) private readonly reportSchedules: ReportSchedules,
    private readonly brands: ReportBrandsService,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /** Schedule: saves the report and its scheduler, and the project alert when asked (docs/product/account-exports-reports.md §4). */
  async schedule(identity: Identity, request: PdfExportRequest): Promise<{ data: { isSuccessful: true; errors: string[]; message: string; scheduledReport: ScheduledPdfReport } }> {
    if (!request.frequency) throw badRequest([pdfExportMessages.frequency]);
    if (!request.sendReportToSelf && !request.recipients.length) throw badRequest([pdfExportMessages.noRecipients]);
    const report: ReportOptions = { ...request.report, domain: reportDomainOf(request.report.domain) };
    await this.requireAlertProject(identity, request);
    await this.brands.requireUsable(identity, report.brandId);
    const alertId = request.alert ? await this.saveAlert(identity, { ...request, report }) : null;
    const saved = await this.schedules.create({
      userId: identity.user.id,
      frequency: request.frequency,
      options: report as unknown as Record<string, unknown>,
      recipients: request.recipients,
      sendToSelf: request.sendReportToSelf,
      isActive: true,
      projectAlertId: alertId,
      ...request.timing,
    });
    await this.applySchedule(saved);
    this.analytics.record('Report_Scheduled', request.frequency);
    const [scheduledReport] = await this.present(identity, [saved]);
    return { data: { isSuccessful: true, errors: [], message: pdfExportMessages.scheduled, scheduledReport: scheduledReport! } };
  }

  async list(identity: Identity, userId: string | undefined): Promise<ScheduledPdfReport[]> {
    this.requireSelf(identity, userId);
    return this.present(identity, await this.schedules.listForOwner(identity.user.id));
  }

  /** UpdateScheduledPdfReports: every change is checked before any is saved, so a bad one changes nothing. */
  async update(identity: Identity, changes: ScheduledReportUpdate[]): Promise<{ data: { isSuccessful: true; errors: string[]; message: string; scheduledReports: ScheduledPdfReport[] } }> {
    const planned: { record: ScheduledReportRecord; change: ScheduledReportUpdate; recipients?: string[]; options?: ReportOptions }[] = [];
    for (const change of changes) {
      this.requireSelf(identity, change.userId);
      const record = await this.schedules.findForOwner(identity.user.id, change.alertId);
      if (!record) throw new NotFoundException(pdfExportMessages.notFound);
      const recipients = change.recipients ?? (change.emailCsv !== undefined ? this.parseEmails(change.emailCsv) : undefined);
      const sendToSelf = change.sendReportToSelf ?? record.sendToSelf;
      if (!sendToSelf && !(recipients ?? record.recipients).length) throw badRequest([pdfExportMessages.noRecipients]);
      const texts = { customTitle: change.customTitle, preparedBy: change.preparedBy, preparedFor: change.preparedFor, comments: change.comments };
      const changesText = Object.values(texts).some((value) => value !== undefined);
      if (change.brandId) await this.brands.requireUsable(identity, change.brandId);
      const { brandId: _previousBrand, ...kept } = record.options as { brandId?: string };
      const brand = change.brandId === undefined ? {} : change.brandId === null ? { brandId: undefined } : { brandId: change.brandId };
      const options =
        changesText || change.brandId !== undefined
          ? this.reportOptions({
              ...(change.brandId === undefined ? record.options : kept),
              ...Object.fromEntries(Object.entries({ ...texts, ...brand }).filter(([, value]) => value !== undefined)),
            })
          : undefined;
      planned.push({ record, change, recipients, options });
    }
    const updated: ScheduledReportRecord[] = [];
    for (const { record, change, recipients, options } of planned) {
      const saved = await this.schedules.update(identity.user.id, record.id, {
        frequency: change.frequency,
        isActive: change.isActive,
        sendToSelf: change.sendReportToSelf,
        dayOfWeek: change.dayOfWeek,
        dayOfMonth: change.dayOfMonth,
        time: change.time,
        timeZone: change.timeZone,
        recipients,
        options: options as unknown as Record<string, unknown> | undefined,
      });
      if (!saved) throw new NotFoundException(pdfExportMessages.notFound);
      await this.applySchedule(saved);
      updated.push(saved);
    }
    return { data: { isSuccessful: true, errors: [], message: pdfExportMessages.updated, scheduledReports: await this.present(identity, updated) } };
  }

  async delete(identity: Identity, userId: string | undefined, alertId: string): Promise<{ data: { isSuccessful: true; errors: string[]; message: string } }> {
    this.requireSelf(identity, userId);
    const deleted = await this.schedules.delete(identity.user.id, alertId);
    if (!deleted) throw new NotFoundException(pdfExportMessages.notFound);
    await this.reportSchedules.remove(deleted.id).catch((error: unknown) => this.logger.warn(`Scheduler of ${deleted.id} left for the sync task: ${String(error)}`));
    return { data: { isSuccessful: true, errors: [], message: pdfExportMessages.deleted } };
  }

  /** The documented userId parameter may only name the caller. */
  private requireSelf(identity: Identity, userId: string | undefined) {
    if (userId && userId !== identity.user.id) throw new ForbiddenException(pdfExportMessages.otherUser);
  }

  private parseEmails(text: string): string[] {
    const parsed = emailCsvSchema.safeParse(text);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message));
    return parsed.data;
  }

  private reportOptions(input: Record<string, unknown>): ReportOptions {
    const parsed = reportOptionsSchema.safeParse(input);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message));
    return parsed.data;
  }

  /**
   * Refuses an alert on a project that is not the account's, or that the caller may not change (a team member with
   * project access 'view' or 'none'), before anything is saved or sent.
   */
  async requireAlertProject(identity: Identity, request: PdfExportRequest): Promise<void> {
    if (request.alert) await this.alerts.requireProject(identity, request.alert.projectId);
  }

  /**
   * The project alert saved with a scheduled or e-mailed report (docs/product/account-exports-reports.md §4): the project's name unless one is given, the
   * report's addresses. A project of another account is refused ('Project not found.').
   */
  async saveAlert(identity: Identity, request: PdfExportRequest): Promise<string> {
    const domain = request.report.domain;
    const alert = request.alert!;
    const project = await this.projects.findForOwner(identity.parent?.id ?? identity.user.id, alert.projectId);
    const addresses = [...new Set([...(request.sendReportToSelf ? [identity.user.email.toLowerCase()] : []), ...request.recipients])];
    const saved = await this.alerts.save(identity, {
      projectId: alert.projectId,
      name: alert.name || project?.name || domain,
      alertTypeId: 1,
      isActive: true,
      sourceUrl: alert.sourceUrl ?? null,
      alertRecipients: addresses.map((emailAddress) => ({ emailAddress, isActive: true })),
    });
    return saved.data.alert.alertId;
  }

  private async applySchedule(record: ScheduledReportRecord): Promise<void> {
    try {
      if (record.isActive) await this.reportSchedules.upsert(record);
      else await this.reportSchedules.remove(record.id);
    } catch (error) {
      this.logger.warn(`Scheduler of ${record.id} left for the sync task: ${String(error)}`);
    }
  }

  private async present(identity: Identity, records: ScheduledReportRecord[]): Promise<ScheduledPdfReport[]> {
    const [nextRuns, deliveries] = await Promise.all([
      this.reportSchedules.nextRuns().catch(() => new Map<string, Date>()),
      this.jobs.latestForPayloadValues(reportJob.name, 'scheduleId', records.map((record) => record.id)),
    ]);
    return records.map((record) => {
      const options = record.options as unknown as ReportOptions;
      const delivery = deliveries.get(record.id);
      return {
        alertId: record.id,
        userId: identity.user.id,
        domain: options.domain,
        countryCode: options.countryCode,
        template: options.template,
        design: options.design,
        styleId: styleIdOfReportDesign(options.design),
        brandId: options.brandId ?? null,
        customTitle: options.customTitle ?? '',
        preparedBy: options.preparedBy ?? '',
        preparedFor: options.preparedFor ?? '',
        comments: options.comments ?? '',
        sections: options.sections ?? [],
        frequency: record.frequency,
        dayOfWeek: record.dayOfWeek,
        dayOfMonth: record.dayOfMonth,
        time: record.time,
        timeZone: record.timeZone,
        recipients: record.recipients,
        sendReportToSelf: record.sendToSelf,
        isActive: record.isActive,
        projectAlertId: record.projectAlertId,
        createdAt: record.createdAt,
        nextRunAt: record.isActive ? (nextRuns.get(record.id)?.toISOString() ?? null) : null,
        lastDelivery: delivery
          ? { state: delivery.state, at: delivery.finishedAt ?? delivery.startedAt ?? delivery.createdAt, attempts: delivery.attempts, error: delivery.error }
          : null,
      };
    });
  }
}
