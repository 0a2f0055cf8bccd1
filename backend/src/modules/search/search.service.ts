import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { resultTypeNames, type JsonSearchRequest, type SearchResult, type SearchResultType } from '@serpwise/contracts';
import { classifyQuery, SearchLookup, WarehouseInfo, type Found } from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';

/** Resolves a search to a domain, a URL or a keyword of the warehouse (docs/product/site.md §4 search navigation). */
@Injectable()
export class SearchService {
  private readonly lookup: SearchLookup;
  private readonly info: WarehouseInfo;

  constructor(@Inject(WAREHOUSE_SQL) sql: WarehouseSql) {
    this.lookup = new SearchLookup(sql);
    this.info = new WarehouseInfo(sql);
  }

  async search(request: JsonSearchRequest): Promise<SearchResult> {
    const classified = classifyQuery(request.query, request.isSiteQuery);
    // A malformed query is a 400: the web app shows its typo page for it.
    if (!classified.ok) throw new BadRequestException(classified.message);
    const territory = request.countryCode;
    const isDemoData = await this.info.isDemoData();
    const answer = (type: SearchResultType, cleansed: string, found: Found | null): SearchResult => ({
      cleansedQuery: cleansed,
      isSerpBacked: found?.serpBacked ?? false,
      queryId: found?.id ?? null,
      resultType: resultTypeNames[type],
      wasQueryFound: found !== null,
      countryCode: territory,
      isDemoData,
    });

    // A query in quotes is tried as an exact keyword first ("best running shoes", "amazon.com" the keyword).
    if (classified.exactTerm && !request.isSiteQuery) {
      const exact = await this.lookup.term(territory, classified.exactTerm);
      if (exact) return answer('term', classified.exactTerm, exact);
    }
    switch (classified.type) {
      case 'domain':
        return answer('domain', classified.cleansed, await this.lookup.domain(territory, classified.cleansed));
      case 'url':
        return answer('url', classified.cleansed, await this.lookup.url(territory, classified.cleansed));
      case 'term':
        return answer('term', classified.cleansed, await this.lookup.term(territory, classified.cleansed));
    }
  }
}
