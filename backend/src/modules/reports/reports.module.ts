import { Module } from '@nestjs/common';
import { ReportDesignRepository } from '@serpwise/database';
import { repositoryProviders } from '../../platform/database/repository-providers.js';
import { ResearchModule } from '../research/research.module.js';
import { ReportDesignController } from './report-design.controller.js';
import { ReportDesignService } from './report-design.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

/** PDF reports: the report design (white label) of /account/reportdesign and the synchronous preview. */
@Module({
  imports: [ResearchModule],
  controllers: [ReportDesignController, ReportsController],
  providers: [ReportDesignService, ReportsService, ...repositoryProviders(ReportDesignRepository)],
  exports: [ReportsService, ReportDesignRepository],
})
export class ReportsModule {}
