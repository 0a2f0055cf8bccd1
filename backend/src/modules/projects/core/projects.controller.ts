import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  createProjectQuerySchema,
  getProjectsQuerySchema,
  patchProjectQuerySchema,
  projectIdQuerySchema,
  setTeamAccessBodySchema,
  teamAccessEntrySchema,
  type CreateProjectQuery,
  type PatchProjectQuery,
  type SetTeamAccessBody,
} from '@serpwise/contracts';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Access } from '../../access/access.decorator.js';
import { ChangesState } from '../../sessions/csrf.guard.js';
import { CurrentIdentity, type Identity } from '../../sessions/request-session.js';
import { ProjectsService } from './projects.service.js';
import { TeamAccessService } from './team-access.service.js';
import { ResponseSchema } from '../../../common/route-response-schema.js';
import { z } from 'zod';

/**
 * Projects/* (docs/product/projects.md §7). Any logged-in user has projects (onboarding creates the first); the keyword and outreach
 * features inside them need a full plan where the controllers say so.
 */
@Access('user')
@Controller('NsaApi/MySerpwise/Projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('GetProjects')
  list(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(getProjectsQuerySchema)) _query: unknown) {
    return this.projects.list(identity);
  }

  @Get('CreateProject')
  @ChangesState()
  create(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(createProjectQuerySchema)) query: CreateProjectQuery) {
    return this.projects.create(identity, query);
  }

  @Get('PatchProject')
  @ChangesState()
  patch(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(patchProjectQuerySchema)) query: PatchProjectQuery) {
    return this.projects.patch(identity, query);
  }

  @Get('DeleteProject')
  @ChangesState()
  delete(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(projectIdQuerySchema)) query: { projectId: string }) {
    return this.projects.delete(identity, query.projectId);
  }
}

/** What the account owner lets each team member do in the projects (not documented; docs/decisions.md). */
@Access('parent')
@Controller('rest/projects/team-access')
export class TeamAccessController {
  constructor(private readonly teamAccess: TeamAccessService) {}

  @Get()
  @ResponseSchema(z.array(teamAccessEntrySchema))
  list(@CurrentIdentity() identity: Identity) {
    return this.teamAccess.list(identity);
  }

  @Post()
  @HttpCode(200)
  @ResponseSchema(z.array(teamAccessEntrySchema))
  set(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(setTeamAccessBodySchema)) body: SetTeamAccessBody) {
    return this.teamAccess.set(identity, body);
  }
}
