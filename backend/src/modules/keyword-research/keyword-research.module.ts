import { Module } from '@nestjs/common';
import { ResearchModule } from '../research/research.module.js';
import { KeywordResearchController } from './keyword-research.controller.js';
import { KeywordResearchService } from './keyword-research.service.js';

@Module({ imports: [ResearchModule], controllers: [KeywordResearchController], providers: [KeywordResearchService], exports: [KeywordResearchService] })
export class KeywordResearchModule {}
