import { Module } from '@nestjs/common';
import { ResearchModule } from '../research/research.module.js';
import { SeoResearchController } from './seo-research.controller.js';
import { SeoResearchService } from './seo-research.service.js';

/** SEO research (overview by URL, competitors, kombat, keywords, ranking history, top pages, backlinks) and outreach lists. */
@Module({ imports: [ResearchModule], controllers: [SeoResearchController], providers: [SeoResearchService], exports: [SeoResearchService] })
export class SeoResearchModule {}
