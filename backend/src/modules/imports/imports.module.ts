import { Module } from '@nestjs/common';
import { downloadLinksProvider, fileStoreProvider } from '../exports/exports.providers.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

@Module({
  controllers: [ImportsController],
  providers: [ImportsService, fileStoreProvider, downloadLinksProvider],
})
export class ImportsModule {}
