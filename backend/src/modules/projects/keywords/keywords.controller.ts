import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  addGroupQuerySchema,
  deleteGroupQuerySchema,
  deleteKeywordsBodySchema,
  deleteLabelsBodySchema,
  getGroupsQuerySchema,
  getKeywordListQuerySchema,
  getLabelsQuerySchema,
  getTrackingQuerySchema,
  groupDetailsQuerySchema,
  groupRemoveKeywordsBodySchema,
  keywordCountQuerySchema,
  keywordDetailsQuerySchema,
  labelKeywordsBodySchema,
  migrateToGroupBodySchema,
  migrateToProjectBodySchema,
  renameGroupQuerySchema,
  type GetKeywordListQuery,
} from '@serpwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Access } from '../../access/access.decorator.js';
import { ChangesState } from '../../sessions/csrf.guard.js';
import { CurrentIdentity, type Identity } from '../../sessions/request-session.js';
import { KeywordActionsService } from './keyword-actions.service.js';
import { KeywordAllowanceService } from '../core/keyword-allowance.service.js';
import { KeywordGroupsService } from './keyword-groups.service.js';
import { KeywordListService } from './keyword-list.service.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
type In<S extends z.ZodType> = z.infer<S>;

/**
 * The keyword universe, the membership check and the keyword count (Keywords/KeywordTracking/GetTracking,
 * Keywords/Keywords/*). Saved keywords are a full-plan feature (docs/product/site.md §6); the membership check and the count widget
 * answer any logged-in user (a free user tracks nothing and sees zeros).
 */
@Controller('NsaApi/MySerpwise/Keywords')
export class KeywordsController {
  constructor(
    private readonly keywordList: KeywordListService,
    private readonly allowance: KeywordAllowanceService,
    private readonly actions: KeywordActionsService,
  ) {}

  @Access('user')
  @Get('KeywordTracking/GetTracking')
  tracking(@CurrentIdentity() identity: Identity, @Query(pipe(getTrackingQuerySchema)) query: In<typeof getTrackingQuerySchema>) {
    return this.keywordList.tracking(identity, query);
  }

  @Access('full')
  @Get('Keywords/GetKeywordList')
  list(@CurrentIdentity() identity: Identity, @Query(pipe(getKeywordListQuerySchema)) query: GetKeywordListQuery) {
    return this.keywordList.list(identity, query);
  }

  /** One keyword of a project for the keyword-details panel route (ours: docs/projects-api.md). */
  @Access('full')
  @Get('Keywords/GetKeywordDetails')
  details(@CurrentIdentity() identity: Identity, @Query(pipe(keywordDetailsQuerySchema)) query: In<typeof keywordDetailsQuerySchema>) {
    return this.keywordList.details(identity, query);
  }

  @Access('user')
  @Get('Keywords/KeywordCount')
  count(@CurrentIdentity() identity: Identity, @Query(pipe(keywordCountQuerySchema)) _query: unknown) {
    return this.allowance.count(identity);
  }

  @Access('full')
  @Post('Keywords/DeleteKeywordsFromProject')
  @HttpCode(200)
  deleteFromProject(@CurrentIdentity() identity: Identity, @Body(pipe(deleteKeywordsBodySchema)) body: In<typeof deleteKeywordsBodySchema>) {
    return this.actions.deleteFromProject(identity, body);
  }
}

/** Groups/* and GroupActions/RemoveKeywords (docs/product/projects.md §7). The documented GETs that change something need the csrf token. */
@Access('full')
@Controller('NsaApi/MySerpwise/Keywords')
export class GroupsController {
  constructor(private readonly groups: KeywordGroupsService) {}

  @Get('Groups/GetGroups')
  list(@CurrentIdentity() identity: Identity, @Query(pipe(getGroupsQuerySchema)) query: In<typeof getGroupsQuerySchema>) {
    return this.groups.list(identity, query);
  }

  @Get('Groups/Details')
  details(@CurrentIdentity() identity: Identity, @Query(pipe(groupDetailsQuerySchema)) query: In<typeof groupDetailsQuerySchema>) {
    return this.groups.details(identity, query);
  }

  @Get('Groups/AddGroup')
  @ChangesState()
  add(@CurrentIdentity() identity: Identity, @Query(pipe(addGroupQuerySchema)) query: In<typeof addGroupQuerySchema>) {
    return this.groups.add(identity, query);
  }

  @Get('Groups/RenameGroup')
  @ChangesState()
  rename(@CurrentIdentity() identity: Identity, @Query(pipe(renameGroupQuerySchema)) query: In<typeof renameGroupQuerySchema>) {
    return this.groups.rename(identity, query);
  }

  /** One group (groupHash) or several (groupHashCsv: the multi-delete, whose path the document leaves open). */
  @Get(['Groups/DeleteGroup', 'Groups/DeleteGroups'])
  @ChangesState()
  delete(@CurrentIdentity() identity: Identity, @Query(pipe(deleteGroupQuerySchema)) query: In<typeof deleteGroupQuerySchema>) {
    return this.groups.delete(identity, query);
  }

  @Post('GroupActions/RemoveKeywords')
  @HttpCode(200)
  removeKeywords(@CurrentIdentity() identity: Identity, @Body(pipe(groupRemoveKeywordsBodySchema)) body: In<typeof groupRemoveKeywordsBodySchema>) {
    return this.groups.removeKeywords(identity, body);
  }
}

/** Labels/* and LabelActions/* (docs/product/projects.md §7). */
@Access('full')
@Controller('NsaApi/MySerpwise/Keywords')
export class LabelsController {
  constructor(private readonly groups: KeywordGroupsService) {}

  @Get('Labels/GetLabels')
  list(@CurrentIdentity() identity: Identity, @Query(pipe(getLabelsQuerySchema)) query: In<typeof getLabelsQuerySchema>) {
    return this.groups.listLabels(identity, query.projectId);
  }

  @Post('Labels/DeleteLabels')
  @HttpCode(200)
  delete(@CurrentIdentity() identity: Identity, @Body(pipe(deleteLabelsBodySchema)) body: In<typeof deleteLabelsBodySchema>) {
    return this.groups.deleteLabels(identity, body);
  }

  @Post('LabelActions/AddKeywords')
  @HttpCode(200)
  addKeywords(@CurrentIdentity() identity: Identity, @Body(pipe(labelKeywordsBodySchema)) body: In<typeof labelKeywordsBodySchema>) {
    return this.groups.addToLabel(identity, body);
  }

  @Post('LabelActions/RemoveKeywords')
  @HttpCode(200)
  removeKeywords(@CurrentIdentity() identity: Identity, @Body(pipe(labelKeywordsBodySchema)) body: In<typeof labelKeywordsBodySchema>) {
    return this.groups.removeFromLabel(identity, body);
  }
}

/**
 * KeywordActions/* (docs/product/projects.md §7): moving keywords between groups and projects. The imports with Undo
 * on the same path are ProjectImportsController's (imports/).
 */
@Access('full')
@Controller('NsaApi/MySerpwise/Keywords/KeywordActions')
export class KeywordActionsController {
  constructor(private readonly actions: KeywordActionsService) {}

  @Post('MigrateToGroup')
  @HttpCode(200)
  migrateToGroup(@CurrentIdentity() identity: Identity, @Body(pipe(migrateToGroupBodySchema)) body: In<typeof migrateToGroupBodySchema>) {
    return this.actions.migrateToGroup(identity, body);
  }

  @Post('MigrateToProject')
  @HttpCode(200)
  migrateToProject(@CurrentIdentity() identity: Identity, @Body(pipe(migrateToProjectBodySchema)) body: In<typeof migrateToProjectBodySchema>) {
    return this.actions.migrateToProject(identity, body);
  }
}
