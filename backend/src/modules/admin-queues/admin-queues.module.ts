import { Module } from '@nestjs/common';
import { AdminAuditLogRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';
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
  providers: [AdminQueuesService, AdminQueuesLive, QueueMetrics, ...repositoryProviders(AdminAuditLogRepository)],
})
export class AdminQueuesModule {}
