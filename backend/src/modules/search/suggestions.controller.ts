import { Controller, Get, Inject, Query } from '@nestjs/common';
import { suggestionRequestSchema, type Suggestion, type SuggestionRequest } from '@serpwise/contracts';
import { SuggestionQuery } from '@serpwise/research';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { PREPARED_WAREHOUSE_SQL, type PreparedWarehouseSql } from '../research/prepared-warehouse-sql.provider.js';
import { Access } from '../access/access.decorator.js';

/**
 * The three suggestion calls of the landing search (docs/product/site.md §7). Each answers a list of { value, type, popularity },
 * at most `limit` (5 by default, docs/product/site.md §9); an empty query answers an empty list.
 */
@Access('public')
@Controller('NsaApi/suggest')
export class SuggestionsController {
  private readonly suggestions: SuggestionQuery;

  /** Suggestions are hot fixed-shape statements (every keystroke): they run prepared. */
  constructor(@Inject(PREPARED_WAREHOUSE_SQL) sql: PreparedWarehouseSql) {
    this.suggestions = new SuggestionQuery(sql);
  }

  @Get('getsuggestions')
  any(@Query(new ZodValidationPipe(suggestionRequestSchema)) request: SuggestionRequest): Promise<Suggestion[]> {
    return this.suggestions.any(request.countryCode, request.query, request.limit);
  }

  @Get('getdomainsuggestions')
  domains(@Query(new ZodValidationPipe(suggestionRequestSchema)) request: SuggestionRequest): Promise<Suggestion[]> {
    return this.suggestions.domains(request.countryCode, request.query, request.limit);
  }

  @Get('getkeywordsuggestions')
  keywords(@Query(new ZodValidationPipe(suggestionRequestSchema)) request: SuggestionRequest): Promise<Suggestion[]> {
    return this.suggestions.keywords(request.countryCode, request.query, request.limit);
  }
}
