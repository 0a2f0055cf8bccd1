import { Controller, Get, Inject } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { openApiDocumentSchema, type Environment, type OpenApiDocument } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { Access } from '../access/access.decorator.js';
import { restOpenApiDocument } from './rest-openapi-document.js';
import { restRoutes } from './rest-routes.js';

/** The internal REST API's OpenAPI 3.1 document for operators (issue 25 point 2); admins only (docs/decisions.md). */
@Access('admin')
@Controller('rest/openapi.json')
export class OperatorApiController {
  private document: OpenApiDocument | null = null;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Built once, on the first call: the routes do not change while the app runs. */
  @Get()
  @ResponseSchema(openApiDocumentSchema)
  openApi(): OpenApiDocument {
    this.document ??= restOpenApiDocument(restRoutes(this.discovery, this.scanner, this.reflector), this.environment.PUBLIC_URL!);
    return this.document;
  }
}
