import { Module, type DynamicModule } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { DatabaseModule, EnvironmentModule, MailModule, RedisModule } from '@serpwise/platform';
import { LimitsModule } from './modules/limits/limits.module.js';
import { ScraperProtectionModule } from './modules/scraper-protection/scraper-protection.module.js';
import { DiagnosticsModule } from './modules/diagnostics/diagnostics.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { RealtimeModule } from './modules/realtime/realtime.module.js';
import { ResearchModule } from './modules/research/research.module.js';
import { SeoResearchModule } from './modules/seo-research/seo-research.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { PpcResearchModule } from './modules/ppc-research/ppc-research.module.js';
import { KeywordResearchModule } from './modules/keyword-research/keyword-research.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { WebAppModule } from './modules/web-app/web-app.module.js';
import { AccessModule } from './modules/access/access.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { AccountStateModule } from './modules/account-state/account-state.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { OnboardingModule } from './modules/onboarding/onboarding.module.js';
import { ExportsModule } from './modules/exports/exports.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';
import { GoogleModule } from './modules/google/google.module.js';
import { SearchConsoleModule } from './modules/search-console/search-console.module.js';
import { projectAreaModules } from './modules/projects/projects.module.js';
import { ReconModule } from './modules/recon/recon.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { AdminQueuesModule } from './modules/admin-queues/admin-queues.module.js';
import { LiveDataModule } from './modules/live-data/live-data.module.js';
import { AssistantModule } from './modules/assistant/assistant.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { PublicApiModule } from './modules/public-api/public-api.module.js';
import { OperatorApiModule } from './modules/operator-api/operator-api.module.js';

/**
 * Every module that has routes is one of AppModule's own imports: Nest registers the routes of these modules first,
 * in this order, and those of modules imported only further down after them, behind WebAppModule's catch-all page
 * route, where they would never be reached.
 */
@Module({})
export class AppModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvironmentModule.forRoot(environment),
        DatabaseModule,
        RedisModule,
        AnalyticsModule,
        LimitsModule,
        ScraperProtectionModule,
        MailModule,
        HealthModule,
        SessionsModule,
        AccessModule,
        AuthModule,
        AccountStateModule,
        RealtimeModule,
        JobsModule,
        DiagnosticsModule,
        ResearchModule,
        LiveDataModule,
        SeoResearchModule,
        SearchModule,
        BillingModule,
        PpcResearchModule,
        KeywordResearchModule,
        AccountModule,
        OnboardingModule,
        ExportsModule,
        ImportsModule,
        GoogleModule,
        SearchConsoleModule,
        ...projectAreaModules,
        ReconModule,
        ReportsModule,
        AdminQueuesModule,
        AssistantModule,
        PublicApiModule,
        OperatorApiModule,
        WebAppModule, // last: its catch-all page route must not shadow the API
      ],
    };
  }
}
