import { Body, Controller, createParamDecorator, Get, HttpCode, NotFoundException, Post, Query, Req, type ExecutionContext } from '@nestjs/common';
import { researchTableIds, type ResearchTableId } from '@serpwise/contracts';
import { isResearchTableId, researchTableEntry, researchTablePageSchemaOf } from '@serpwise/research';
import type { Request } from 'express';
import { RequestSchemaOfRoute } from '../../common/route-request-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ResearchTablesService } from './research-tables.service.js';
import { viewerOfRequest } from './viewer-of-request.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

const prefix = 'rest/research';

/** The kombat tables answer their own endpoints (the overlap diagram beside the page, 2–3 different domains). */
const pagedTables: string[] = researchTableIds.filter((id) => id !== 'seo/kombat' && id !== 'ppc/kombat');

/** The long-list tables also take their parameters as a JSON body (a URL holds ~16 kB). */
const postedTables: ResearchTableId[] = ['outreach/keyword-list', 'outreach/custom-list'];

/** The catalogue table a request's route names: each table's endpoint is its id under /rest/research/. */
const TableOfRoute = createParamDecorator((_data: unknown, context: ExecutionContext): ResearchTableId => {
  const path = String(context.switchToHttp().getRequest<Request>().route?.path ?? '').slice(`/${prefix}/`.length);
  if (!isResearchTableId(path)) throw new NotFoundException();
  return path;
});

/** The request schema of a table's route: the catalogue entry's own (also what the operators' OpenAPI document shows). */
const tableSchemaOf = (path: string) => researchTableEntry(path as ResearchTableId).schema;
/** The answer schema of a table's route: its rows column by column, from the same entry. */
const pageSchemaOf = (path: string) => researchTablePageSchemaOf(path as ResearchTableId);

/**
 * Every research table's endpoint, read from the table catalogue (@serpwise/research catalogue/): the table's own
 * request schema, then one page for the viewer (paid data withheld in the service). Public. Every table takes
 * countryCode, month (YYYY-MM), startRow, pageSize, sort, sortDirection, filter, emptyValues.
 */
@Access('public')
@Controller(prefix)
export class ResearchTablesController {
  constructor(private readonly tables: ResearchTablesService) {}

  @Get(pagedTables)
  @RequestSchemaOfRoute('query', tableSchemaOf)
  @ResponseSchema(pageSchemaOf)
  page(@TableOfRoute() table: ResearchTableId, @Query() query: unknown, @Req() request: Request) {
    return this.answer(table, query, request);
  }

  @Post(postedTables)
  @HttpCode(200)
  @RequestSchemaOfRoute('body', tableSchemaOf)
  @ResponseSchema(pageSchemaOf)
  pagePosted(@TableOfRoute() table: ResearchTableId, @Body() body: unknown, @Req() request: Request) {
    return this.answer(table, body, request);
  }

  /** The parameters checked by the table's own schema (400 listing every problem), then one page for the viewer. */
  private answer(table: ResearchTableId, parameters: unknown, request: Request) {
    const input = new ZodValidationPipe(tableSchemaOf(table)).transform(parameters);
    return this.tables.table(table, input as never, viewerOfRequest(request));
  }
}
