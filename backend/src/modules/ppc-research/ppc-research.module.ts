import { Module } from '@nestjs/common';
import { ResearchModule } from '../research/research.module.js';
import { PpcResearchController } from './ppc-research.controller.js';
import { PpcResearchService } from './ppc-research.service.js';

@Module({ imports: [ResearchModule], controllers: [PpcResearchController], providers: [PpcResearchService], exports: [PpcResearchService] })
export class PpcResearchModule {}
