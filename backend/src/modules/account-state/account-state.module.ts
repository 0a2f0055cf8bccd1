import { Module } from '@nestjs/common';
import { GoogleModule } from '../google/google.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountStateController } from './account-state.controller.js';
import { ActiveStateService } from './active-state.service.js';
import { SessionListService } from './session-list.service.js';

@Module({
  imports: [SessionsModule, GoogleModule],
  controllers: [AccountStateController],
  providers: [ActiveStateService, SessionListService],
  exports: [ActiveStateService],
})
export class AccountStateModule {}
