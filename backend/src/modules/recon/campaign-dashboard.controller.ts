import { Controller, Get } from '@nestjs/common';
import { competitorProjectSchema, hqDashboardSchema, type CompetitorProject, type HqDashboard } from '@serpwise/contracts';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { CampaignDashboardService } from './campaign-dashboard.service.js';

/** /hq's campaign dashboard (projects, recon reports, tracked keywords, billing cycle). */
@Access('user')
@Controller('rest/hq')
export class CampaignDashboardController {
  constructor(private readonly dashboard: CampaignDashboardService) {}

  @Get('dashboard')
  @ResponseSchema(hqDashboardSchema)
  get(@CurrentIdentity() identity: Identity): Promise<HqDashboard> {
    return this.dashboard.dashboard(identity);
  }
}

/** /competitor-projects: the caller's projects with their competitors. */
@Access('user')
@Controller('rest/projects/competitors')
export class CompetitorProjectsController {
  constructor(private readonly dashboard: CampaignDashboardService) {}

  @Get()
  @ResponseSchema(z.array(competitorProjectSchema))
  list(@CurrentIdentity() identity: Identity): Promise<CompetitorProject[]> {
    return this.dashboard.competitorProjects(identity);
  }
}
