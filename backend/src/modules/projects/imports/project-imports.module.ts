import { Module } from '@nestjs/common';
import { ProjectsCoreModule } from '../core/projects-core.module.js';
import { KeywordImportService } from './keyword-import.service.js';
import { OutreachImportService } from './outreach-import.service.js';
import { ProjectImportsController } from './project-imports.controller.js';

/** Keyword imports with Undo and outreach imports: small ones land within the request, large ones as a job. */
@Module({
  imports: [ProjectsCoreModule],
  controllers: [ProjectImportsController],
  providers: [KeywordImportService, OutreachImportService],
})
export class ProjectImportsModule {}
