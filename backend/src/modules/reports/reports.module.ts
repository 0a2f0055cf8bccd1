import { Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { ReportBrandRepository, ReportShareLinkRepository, ScheduledReportRepository } from '@serpwise/database';
import type { Redis } from 'ioredis';
import { ENVIRONMENT, queueKeyPrefix, REDIS, repositoryProviders } from '@serpwise/platform';
import { ReportSchedules } from '@serpwise/domain';
import { AccountModule } from '../account/account.module.js';
import { downloadLinksProvider, fileStoreProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { PdfExportController } from './pdf-export.controller.js';
import { PdfExportService } from './pdf-export.service.js';
import { ScheduledReportsService } from './scheduled-reports.service.js';
import { ScheduleDeliveriesController } from './schedule-deliveries.controller.js';
import { ScheduleDeliveriesService } from './schedule-deliveries.service.js';
import { ReportMailController } from './report-mail.controller.js';
import { ReportMailService } from './report-mail.service.js';
import { ResearchModule } from '../research/research.module.js';
import { ProjectsCoreModule } from '../projects/core/projects-core.module.js';
import { ReportProjectService } from './report-project.service.js';
import { ReportBrandsController } from './report-brands.controller.js';
import { ReportBrandsService } from './report-brands.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';
import { ReportShareLinksController, SharedReportsController } from './report-share-links.controller.js';
import { ReportShareLinksService } from './report-share-links.service.js';

const reportSchedulesProvider = {
  provide: ReportSchedules,
  inject: [ENVIRONMENT, REDIS],
  useFactory: (environment: Environment, redis: Redis) => new ReportSchedules(redis, queueKeyPrefix(environment.REDIS_PREFIX)),
};

/**
 * PDF reports: the report brands (white label) of /account/reportdesign, the synchronous preview, the PDF export
 * calls (report jobs for the worker) and the scheduled reports.
 */
@Module({
  imports: [ResearchModule, RealtimeModule, AccountModule, ProjectsCoreModule],
  controllers: [ReportBrandsController, ReportsController, PdfExportController, ScheduleDeliveriesController, ReportMailController, ReportShareLinksController, SharedReportsController],
  providers: [
    ReportBrandsService,
    ReportsService,
    PdfExportService,
    ScheduledReportsService,
    ScheduleDeliveriesService,
    ReportMailService,
    ReportShareLinksService,
    ReportProjectService,
    reportSchedulesProvider,
    fileStoreProvider,
    downloadLinksProvider,
    jobPresentersProvider,
    ...repositoryProviders(ReportBrandRepository, ScheduledReportRepository, ReportShareLinkRepository),
  ],
  exports: [ReportsService, ReportBrandRepository],
})
export class ReportsModule implements OnApplicationShutdown {
  constructor(private readonly reportSchedules: ReportSchedules) {}

  async onApplicationShutdown(): Promise<void> {
    await this.reportSchedules.close();
  }
}
