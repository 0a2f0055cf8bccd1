import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CsrfGuard } from './csrf.guard.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { IdentityService } from './identity.service.js';

@Module({
  controllers: [SessionsController],
  providers: [SessionsService, IdentityService, { provide: APP_GUARD, useClass: CsrfGuard }],
  exports: [SessionsService, IdentityService],
})
export class SessionsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes('{*path}');
  }
}
