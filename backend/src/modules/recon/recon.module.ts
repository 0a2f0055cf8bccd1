import { Module } from '@nestjs/common';
import { ProjectsCoreModule } from '../projects/core/projects-core.module.js';
import { ResearchModule } from '../research/research.module.js';
import { CampaignDashboardController, CompetitorProjectsController } from './campaign-dashboard.controller.js';
import { CampaignDashboardService } from './campaign-dashboard.service.js';
import { ReconReportsController } from './recon.controller.js';
import { ReconReportsService } from './recon-reports.service.js';

/** Recon reports (docs/product/projects.md §2), the /hq campaign dashboard and /competitor-projects: built on the project area. */
@Module({
  imports: [ProjectsCoreModule, ResearchModule],
  controllers: [ReconReportsController, CampaignDashboardController, CompetitorProjectsController],
  providers: [ReconReportsService, CampaignDashboardService],
})
export class ReconModule {}
