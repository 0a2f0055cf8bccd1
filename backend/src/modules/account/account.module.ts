import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { accountRepositories, accountRepositoryProviders } from './account-repositories.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { CsrfOnGetGuard } from './csrf-on-get.guard.js';

@Module({
  imports: [AuthModule],
  controllers: [AccountController],
  providers: [AccountService, CsrfOnGetGuard, ...accountRepositoryProviders],
  exports: [...accountRepositories, CsrfOnGetGuard],
})
export class AccountModule {}
