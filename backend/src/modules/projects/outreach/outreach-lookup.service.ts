import { Injectable } from '@nestjs/common';
import { isAllProjects, outreachMessages, type OutreachHistoryAction } from '@serpwise/contracts';
import { LinkActivityRepository, OutreachRepository, type LinkRecord, type WebsiteRecord } from '@serpwise/database';
import { ProjectRefusal } from '../core/project-refusal.js';
import type { ProjectCaller } from '../core/project-scope.service.js';

/** Finding the caller's outreach records (another account's answer 404, like missing ones) and writing history. */
@Injectable()
export class OutreachLookupService {
  constructor(
    private readonly outreach: OutreachRepository,
    private readonly activity: LinkActivityRepository,
  ) {}

  /** The caller's link; a projectId that names another project than the link's is a miss too. */
  async link(caller: ProjectCaller, urlId: string, projectId?: string, repository = this.outreach): Promise<LinkRecord> {
    const link = await repository.findLink(caller.ownerUserId, urlId);
    if (!link || (!isAllProjects(projectId) && link.projectId !== projectId)) throw new ProjectRefusal(404, outreachMessages.linkNotFound);
    return link;
  }

  async website(caller: ProjectCaller, domainId: string, repository = this.outreach): Promise<WebsiteRecord> {
    const website = await repository.findWebsite(caller.ownerUserId, domainId);
    if (!website) throw new ProjectRefusal(404, outreachMessages.websiteNotFound);
    return website;
  }

  async recordForLink(caller: ProjectCaller, link: LinkRecord, action: OutreachHistoryAction, details?: string, repository = this.activity): Promise<void> {
    await repository.addHistory({
      ownerUserId: caller.ownerUserId,
      projectId: link.projectId,
      linkId: link.id,
      websiteId: link.websiteId,
      actorUserId: caller.userId,
      action,
      url: link.url,
      domain: link.domain,
      details,
    });
  }

  async recordForWebsite(caller: ProjectCaller, website: WebsiteRecord, action: OutreachHistoryAction, details?: string, repository = this.activity): Promise<void> {
    await repository.addHistory({
      ownerUserId: caller.ownerUserId,
      projectId: website.projectId,
      linkId: null,
      websiteId: website.id,
      actorUserId: caller.userId,
      action,
      url: null,
      domain: website.domain,
      details,
    });
  }
}
