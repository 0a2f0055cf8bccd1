import { Controller, Get } from '@nestjs/common';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { CampaignDashboardService } from './campaign-dashboard.service.js';

/** /hq's campaign dashboard (projects, recon reports, tracked keywords, billing cycle). */
@Access('user')
@Controller('rest/hq')
export class CampaignDashboardController {
  constructor(private readonly dashboard: CampaignDashboardService) {}

  @Get('dashboard')
  get(@CurrentIdentity() identity: Identity) {
    return this.dashboard.dashboard(identity);
  }
}

/** /competitor-projects: the caller's projects with their competitors. */
@Access('user')
@Controller('rest/projects/competitors')
export class CompetitorProjectsController {
  constructor(private readonly dashboard: CampaignDashboardService) {}

  @Get()
  list(@CurrentIdentity() identity: Identity) {
    return this.dashboard.competitorProjects(identity);
  }
}
