import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { downloadLinksProvider, fileStoreProvider, jobPresentersProvider } from '../exports/exports.providers.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

@Module({
  imports: [RealtimeModule],
  controllers: [ImportsController],
  providers: [ImportsService, fileStoreProvider, downloadLinksProvider, jobPresentersProvider],
})
export class ImportsModule {}
