import { Controller, Get, Query } from '@nestjs/common';
import { jsonSearchRequestSchema, type JsonSearchRequest } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SearchService } from './search.service.js';
import { Access } from '../access/access.decorator.js';

/** The documented search call (docs/product/site.md §7); also the query lookup on navigation, whose 400 means "typo". */
@Access('public')
@Controller('Endpoints/Search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('JsonSearch')
  jsonSearch(@Query(new ZodValidationPipe(jsonSearchRequestSchema)) request: JsonSearchRequest) {
    return this.search.search(request);
  }
}
