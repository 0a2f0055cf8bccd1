import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountStateController } from './account-state.controller.js';
import { ActiveStateService } from './active-state.service.js';
import { SessionListService } from './session-list.service.js';

@Module({
  imports: [SessionsModule],
  controllers: [AccountStateController],
  providers: [ActiveStateService, SessionListService],
  exports: [ActiveStateService],
})
export class AccountStateModule {}
