import { Module } from '@nestjs/common';
import { GoogleModule } from '../google/google.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { primaryWarehouseSqlProvider } from '../research/warehouse-sql.provider.js';
import { ExportCsvController } from './export-csv.controller.js';
import { ExportsController } from './exports.controller.js';
import { downloadLinksProvider, fileStoreProvider, jobPresentersProvider } from './exports.providers.js';
import { ExportsService } from './exports.service.js';

@Module({
  imports: [RealtimeModule, GoogleModule, JobsModule],
  controllers: [ExportsController, ExportCsvController],
  providers: [ExportsService, fileStoreProvider, downloadLinksProvider, jobPresentersProvider, primaryWarehouseSqlProvider],
})
export class ExportsModule {}
