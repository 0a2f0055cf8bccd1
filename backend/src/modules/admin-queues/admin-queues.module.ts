import { Module } from '@nestjs/common';
import { AdminAuditLogRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';
import { downloadLinksProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { HealthModule } from '../health/health.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { QueueMetrics } from './queue-metrics.js';
import { AdminQueuesController } from './admin-queues.controller.js';
import { BullBoardController } from './bull-board.controller.js';
import { AdminQueuesLive } from './admin-queues.live.js';
import { AdminQueuesService } from './admin-queues.service.js';

/** /rest/admin/queues and the live `admin.queues` pushes (issue 7). */
@Module({
  imports: [RealtimeModule, HealthModule],
  controllers: [AdminQueuesController, BullBoardController],
  // The presenters: an admin's cancel or requeue reaches the owner as the same export/import/report status their own
  // actions send.
  providers: [AdminQueuesService, AdminQueuesLive, QueueMetrics, downloadLinksProvider, jobPresentersProvider, ...repositoryProviders(AdminAuditLogRepository)],
})
export class AdminQueuesModule {}
