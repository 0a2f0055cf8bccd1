import { Module } from '@nestjs/common';
import { GoogleModule } from '../google/google.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { ResearchModule } from '../research/research.module.js';
import { ExportCsvController } from './export-csv.controller.js';
import { ExportsController } from './exports.controller.js';
import { downloadLinksProvider, fileStoreProvider, jobPresentersProvider } from './exports.providers.js';
import { ExportsService } from './exports.service.js';

@Module({
  // ResearchModule: its PRIMARY_WAREHOUSE_SQL (the row count, the provenance words), which probes on its prepared pool.
  imports: [RealtimeModule, GoogleModule, JobsModule, ResearchModule],
  controllers: [ExportsController, ExportCsvController],
  providers: [ExportsService, fileStoreProvider, downloadLinksProvider, jobPresentersProvider],
})
export class ExportsModule {}
