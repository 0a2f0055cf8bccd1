import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({ imports: [SessionsModule], providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeModule {}
