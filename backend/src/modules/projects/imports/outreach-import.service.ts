import { Injectable } from '@nestjs/common';
import {
  hostOfText,
  outreachImportJob,
  outreachMessages,
  projectLimits,
  type OutreachImportAnswer,
  type CheckedOutreachRow,
  type OutreachImportRow,
  type QueuedImportAnswer,
} from '@serpwise/contracts';
import { JobStarter } from '@serpwise/platform';
import { landOutreachImport } from '@serpwise/domain';
import type { Identity, RequestSession } from '../../sessions/request-session.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';
import { normaliseLinkUrl } from '../outreach/url-normalise.js';

/**
 * import/OutreachImport: websites, links, contacts and notes from rows, in one transaction after every row is
 * checked (a bad row refuses the whole import at once, naming the row). More than 200 rows run as a job
 * (outreachImportJob, docs/decisions.md "Imports as jobs"): checked here, landed by the worker the same way.
 */
@Injectable()
export class OutreachImportService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly transactions: ProjectTransactions,
    private readonly jobs: JobStarter,
  ) {}

  async import(session: RequestSession, identity: Identity, body: { projectId?: string; rows: OutreachImportRow[] }): Promise<OutreachImportAnswer | QueuedImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.projectOrBucket(caller, body.projectId);
    const rows = this.check(body.rows);
    const target = { ownerUserId: caller.ownerUserId, userId: caller.userId, projectId: project?.id ?? null };
    if (rows.length > projectLimits.outreachImportJobThreshold) {
      // Redis away: the record fails ('could not be queued') and the request answers 503.
      const { job } = await this.jobs.start(outreachImportJob, { owner: { sessionId: session.id, userId: caller.userId }, input: { ...target, rows }, total: rows.length, whenQueueDown: 'fail' });
      return { isQueued: true, jobId: job.id, projectId: target.projectId, itemCount: rows.length, message: outreachMessages.importQueued(rows.length) };
    }
    return this.transactions.run((repositories) => landOutreachImport(repositories, { ...target, rows }));
  }

  /** Every row's website and link address, or a 400 naming the first bad rows. */
  private check(rows: OutreachImportRow[]): CheckedOutreachRow[] {
    const errors: string[] = [];
    const checked = rows.map((row, index) => {
      const address = row.url ? normaliseLinkUrl(row.url) : null;
      if (row.url && !address) errors.push(`rows.${index}.url: ${outreachMessages.urlInvalid}`);
      const domainName = address?.domain ?? (row.domain ? hostOfText(row.domain) : null);
      if (!address && row.domain && !domainName) errors.push(`rows.${index}.domain: ${outreachMessages.domainInvalid}`);
      if (!row.url && row.note) errors.push(`rows.${index}.note: a note belongs to a link; give the row a url.`);
      return { ...row, domainName: domainName ?? '', linkUrl: address?.url ?? null };
    });
    if (errors.length) throw new ProjectRefusal(400, errors.slice(0, 20));
    return checked;
  }
}
