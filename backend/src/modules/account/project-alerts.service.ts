import { Injectable, NotFoundException } from '@nestjs/common';
import { projectAlertMessages, type ProjectAlert, type RankAlertEvent, type RankAlertRule, type SaveProjectAlert } from '@serpwise/contracts';
import { ProjectAlertRepository, ProjectRepository, RankAlertEventRepository, type ProjectAlertRecord } from '@serpwise/database';
import { ProjectScopeService, type ProjectNeed } from '../projects/core/project-scope.service.js';
import type { Identity } from '../sessions/request-session.js';

const toAlert = (record: ProjectAlertRecord): ProjectAlert => ({
  alertId: record.id,
  userId: record.ownerUserId,
  projectId: record.projectId,
  name: record.name,
  alertTypeId: record.alertTypeId,
  isActive: record.isActive,
  sourceUrl: record.sourceUrl,
  alertRecipients: record.recipients,
  rules: record.rules as RankAlertRule[],
  webhookUrl: record.webhookUrl,
});

/**
 * Project alerts (docs/product/account-exports-reports.md §7 GetProjectAlerts, SaveProjectAlert, DeleteProjectAlert), shared by the account's team as the
 * owner lets them use the projects (ProjectScopeService): 'view' lists them, 'edit' also changes them, 'none' neither.
 */
@Injectable()
export class ProjectAlertsService {
  constructor(
    private readonly alerts: ProjectAlertRepository,
    private readonly projects: ProjectRepository,
    private readonly scope: ProjectScopeService,
    private readonly events: RankAlertEventRepository,
  ) {}

  /**
   * A rank alert's history (issue 22 point 6): each change it reported, newest first (at most 200), with how its
   * e-mail and webhook call went; for whoever may read the account's alerts.
   */
  async history(identity: Identity, alertId: string): Promise<RankAlertEvent[]> {
    const ownerUserId = await this.ownerOf(identity, 'read');
    if (!(await this.alerts.findForOwner(ownerUserId, alertId))) throw new NotFoundException(projectAlertMessages.alertNotFound);
    return (await this.events.listForAlert(ownerUserId, alertId, 200)).map((event) => ({
      eventId: event.id,
      alertId: event.alertId,
      projectId: event.projectId,
      keyword: event.term,
      rule: event.rule as RankAlertRule,
      previousPosition: event.previousPosition,
      position: event.position,
      competitor: event.competitor,
      message: event.message,
      createdAt: event.createdAt,
      email: event.emailState as RankAlertEvent['email'],
      webhook: event.webhookState as RankAlertEvent['webhook'],
      error: event.error,
    }));
  }

  /** The account owner whose alerts the caller may read or change; a team member without that access gets 403. */
  private async ownerOf(identity: Identity, need: ProjectNeed): Promise<string> {
    return (await this.scope.caller(identity, need)).ownerUserId;
  }

  async list(identity: Identity): Promise<ProjectAlert[]> {
    return (await this.alerts.listForOwner(await this.ownerOf(identity, 'read'))).map(toAlert);
  }

  /** Refuses (403/404) an alert on a project the caller may not change, before anything is saved or sent. */
  async requireProject(identity: Identity, projectId: string): Promise<string> {
    const ownerUserId = await this.ownerOf(identity, 'write');
    if (!(await this.projects.findForOwner(ownerUserId, projectId))) throw new NotFoundException(projectAlertMessages.projectNotFound);
    return ownerUserId;
  }

  async save(identity: Identity, input: SaveProjectAlert): Promise<{ data: { isSuccessful: true; errors: string[]; alert: ProjectAlert } }> {
    const ownerUserId = await this.requireProject(identity, input.projectId);
    const fields = {
      ownerUserId,
      projectId: input.projectId,
      name: input.name,
      alertTypeId: input.alertTypeId,
      isActive: input.isActive,
      sourceUrl: input.sourceUrl ?? null,
      recipients: input.alertRecipients,
      rules: input.rules,
      webhookUrl: input.webhookUrl,
    };
    const saved = input.alertId ? await this.alerts.update(input.alertId, fields) : await this.alerts.create(fields);
    if (!saved) throw new NotFoundException(projectAlertMessages.alertNotFound);
    return { data: { isSuccessful: true, errors: [], alert: toAlert(saved) } };
  }

  async delete(identity: Identity, alertId: string): Promise<{ data: { isSuccessful: true; errors: string[] } }> {
    if (!(await this.alerts.delete(await this.ownerOf(identity, 'write'), alertId))) throw new NotFoundException(projectAlertMessages.alertNotFound);
    return { data: { isSuccessful: true, errors: [] } };
  }
}
