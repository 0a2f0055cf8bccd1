import { Module } from '@nestjs/common';
import { downloadLinksProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';
import { QueueStanding } from './queue-standing.js';

@Module({ imports: [RealtimeModule], controllers: [JobsController], providers: [JobsService, QueueStanding, downloadLinksProvider, jobPresentersProvider], exports: [JobsService, QueueStanding] })
export class JobsModule {}
