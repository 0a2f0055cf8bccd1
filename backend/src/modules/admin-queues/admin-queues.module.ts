import { Module } from '@nestjs/common';
import { AdminAuditLogRepository, AdminAuditLogSearch, AdminJobSearchRepository, QueueAlertRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';
import { downloadLinksProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { HealthModule } from '../health/health.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { QueueMetrics } from './queue-metrics.js';
import { QueueSampler } from './queue-sampler.js';
import { QueueAlertEvaluator } from './queue-alert-evaluator.js';
import { QueueAlertsController } from './queue-alerts.controller.js';
import { QueueAlertsService } from './queue-alerts.service.js';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminJobsController } from './admin-jobs.controller.js';
import { AdminJobsService } from './admin-jobs.service.js';
import { AdminQueuesController } from './admin-queues.controller.js';
import { BullBoardController } from './bull-board.controller.js';
import { AdminQueuesLive } from './admin-queues.live.js';
import { AdminQueuesService } from './admin-queues.service.js';

/** /rest/admin/queues and the live `admin.queues` pushes (issue 7), the console's history, alerts and the audit log (issue 23). */
@Module({
  imports: [RealtimeModule, HealthModule, JobsModule],
  controllers: [AdminQueuesController, AdminAuditController, AdminJobsController, BullBoardController, QueueAlertsController],
  // The presenters: an admin's cancel or requeue reaches the owner as the same export/import/report status their own
  // actions send.
  providers: [AdminQueuesService, AdminJobsService, AdminQueuesLive, QueueMetrics, QueueSampler, QueueAlertEvaluator, QueueAlertsService, downloadLinksProvider, jobPresentersProvider, ...repositoryProviders(AdminAuditLogRepository, AdminAuditLogSearch, AdminJobSearchRepository, QueueAlertRepository)],
})
export class AdminQueuesModule {}
