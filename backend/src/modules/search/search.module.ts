import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { MissedSearchEventRepository } from '@serpwise/database';
import { ResearchModule } from '../research/research.module.js';
import { MissedSearchController } from './missed-search.controller.js';
import { MissedSearchService } from './missed-search.service.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';
import { SuggestionsController } from './suggestions.controller.js';

@Module({
  imports: [ResearchModule],
  controllers: [SearchController, SuggestionsController, MissedSearchController],
  providers: [
    SearchService,
    MissedSearchService,
    { provide: MissedSearchEventRepository, inject: [EntityManager], useFactory: (em: EntityManager) => new MissedSearchEventRepository(em) },
  ],
})
export class SearchModule {}
