import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { accountRepositories, accountRepositoryProviders } from './account-repositories.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { ProjectAlertsService } from './project-alerts.service.js';
import { RequestedKeywordFetches } from './requested-keyword-fetches.js';

@Module({
  imports: [AuthModule, ProjectsModule],
  controllers: [AccountController],
  providers: [AccountService, ProjectAlertsService, RequestedKeywordFetches, ...accountRepositoryProviders],
  exports: [...accountRepositories, ProjectAlertsService],
})
export class AccountModule {}
