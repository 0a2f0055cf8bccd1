import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';
import { KeywordResearchModule } from '../keyword-research/keyword-research.module.js';
import { PpcResearchModule } from '../ppc-research/ppc-research.module.js';
import { ProjectsCoreModule } from '../projects/core/projects-core.module.js';
import { ProjectKeywordsModule } from '../projects/keywords/project-keywords.module.js';
import { ResearchModule } from '../research/research.module.js';
import { SeoResearchModule } from '../seo-research/seo-research.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiMeter } from './api-meter.js';
import { PublicApiController } from './public-api.controller.js';

/** The public data API under /api/v1 and its OpenAPI document (issue 25). */
@Module({
  imports: [SessionsModule, ResearchModule, SeoResearchModule, PpcResearchModule, KeywordResearchModule, ProjectsCoreModule, ProjectKeywordsModule],
  controllers: [PublicApiController],
  providers: [ApiKeyGuard, ApiMeter, ...repositoryProviders(ApiKeyRepository)],
})
export class PublicApiModule {}
