import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsCoreModule } from '../projects/core/projects-core.module.js';
import { accountRepositories, accountRepositoryProviders } from './account-repositories.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { ProjectAlertsService } from './project-alerts.service.js';
import { RequestedKeywordFetches } from './requested-keyword-fetches.js';

@Module({
  imports: [AuthModule, ProjectsCoreModule],
  controllers: [AccountController],
  providers: [AccountService, ProjectAlertsService, RequestedKeywordFetches, ...accountRepositoryProviders],
  exports: [...accountRepositories, ProjectAlertsService],
})
export class AccountModule {}
