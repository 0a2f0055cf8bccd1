import { Module, type Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { SearchConsoleRepository } from '@serpwise/database';
import { ENVIRONMENT, repositoryProviders, SearchConsoleAuthorisations } from '@serpwise/platform';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { downloadLinksProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { SearchConsoleController } from './search-console.controller.js';
import { SearchConsoleService } from './search-console.service.js';

const searchConsoleAuthorisationsProvider: Provider = {
  provide: SearchConsoleAuthorisations,
  inject: [ENVIRONMENT, SearchConsoleRepository],
  useFactory: (environment: Environment, connections: SearchConsoleRepository) => new SearchConsoleAuthorisations(environment, connections),
};

/** Search Console by API (issue 20, point 1): connect, pick properties, follow the syncs, disconnect. */
@Module({
  imports: [RealtimeModule],
  controllers: [SearchConsoleController],
  providers: [...repositoryProviders(SearchConsoleRepository), searchConsoleAuthorisationsProvider, SearchConsoleService, downloadLinksProvider, jobPresentersProvider],
})
export class SearchConsoleModule {}
