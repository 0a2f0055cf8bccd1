import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { accountRepositories, accountRepositoryProviders } from './account-repositories.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({
  imports: [AuthModule],
  controllers: [AccountController],
  providers: [AccountService, ...accountRepositoryProviders],
  exports: [...accountRepositories],
})
export class AccountModule {}
