import { Injectable, NotFoundException } from '@nestjs/common';
import { projectAlertMessages, type ProjectAlert, type SaveProjectAlert } from '@serpwise/contracts';
import { ProjectAlertRepository, ProjectRepository, type ProjectAlertRecord } from '@serpwise/database';
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
});

/** Project alerts (docs/product/account-exports-reports.md §7 GetProjectAlerts, SaveProjectAlert, DeleteProjectAlert), shared by the account's team. */
@Injectable()
export class ProjectAlertsService {
  constructor(
    private readonly alerts: ProjectAlertRepository,
    private readonly projects: ProjectRepository,
  ) {}

  private ownerOf = (identity: Identity) => identity.parent?.id ?? identity.user.id;

  async list(identity: Identity): Promise<ProjectAlert[]> {
    return (await this.alerts.listForOwner(this.ownerOf(identity))).map(toAlert);
  }

  async save(identity: Identity, input: SaveProjectAlert): Promise<{ data: { isSuccessful: true; errors: string[]; alert: ProjectAlert } }> {
    const ownerUserId = this.ownerOf(identity);
    if (!(await this.projects.findForOwner(ownerUserId, input.projectId))) throw new NotFoundException(projectAlertMessages.projectNotFound);
    const fields = {
      ownerUserId,
      projectId: input.projectId,
      name: input.name,
      alertTypeId: input.alertTypeId,
      isActive: input.isActive,
      sourceUrl: input.sourceUrl ?? null,
      recipients: input.alertRecipients,
    };
    const saved = input.alertId ? await this.alerts.update(input.alertId, fields) : await this.alerts.create(fields);
    if (!saved) throw new NotFoundException(projectAlertMessages.alertNotFound);
    return { data: { isSuccessful: true, errors: [], alert: toAlert(saved) } };
  }

  async delete(identity: Identity, alertId: string): Promise<{ data: { isSuccessful: true; errors: string[] } }> {
    if (!(await this.alerts.delete(this.ownerOf(identity), alertId))) throw new NotFoundException(projectAlertMessages.alertNotFound);
    return { data: { isSuccessful: true, errors: [] } };
  }
}
