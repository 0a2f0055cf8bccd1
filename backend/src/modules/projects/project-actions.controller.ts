import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { moveDomainToProjectQuerySchema, searchProjectsForTermsBodySchema } from '@serpwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ChangesState } from '../sessions/csrf.guard.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { KeywordListService } from './keywords/keyword-list.service.js';
import { OutreachAttributesService } from './outreach/outreach-attributes.service.js';

/** ProjectActions/* (docs/product/projects.md §7 "Other project calls"). */
@Controller('NsaApi/MySerpwise/ProjectActions')
export class ProjectActionsController {
  constructor(
    private readonly keywordList: KeywordListService,
    private readonly attributes: OutreachAttributesService,
  ) {}

  @Access('user')
  @Post('SearchProjectsForTerms')
  @HttpCode(200)
  searchProjectsForTerms(
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(searchProjectsForTermsBodySchema)) body: z.infer<typeof searchProjectsForTermsBodySchema>,
  ) {
    return this.keywordList.searchProjectsForTerms(identity, body);
  }

  @Access('full')
  @Get('MoveDomainToProject')
  @ChangesState()
  moveDomainToProject(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(moveDomainToProjectQuerySchema)) query: { domainId: string; projectId: string }) {
    return this.attributes.moveDomainToProject(identity, query);
  }
}
