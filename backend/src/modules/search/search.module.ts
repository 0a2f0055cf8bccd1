import { repositoryProviders } from '@serpwise/platform';
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
    ...repositoryProviders(MissedSearchEventRepository),
  ],
})
export class SearchModule {}
