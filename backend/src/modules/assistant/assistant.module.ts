import { Module } from '@nestjs/common';
import { KeywordResearchModule } from '../keyword-research/keyword-research.module.js';
import { ResearchModule } from '../research/research.module.js';
import { AssistantController } from './assistant.controller.js';
import { AssistantService } from './assistant.service.js';
import { ResearchTools } from './research-tools.js';

/** The research assistant of /serpwise-custom-gpt and /spygpt: a chat endpoint client and the research look-ups it may call. */
@Module({ imports: [ResearchModule, KeywordResearchModule], controllers: [AssistantController], providers: [AssistantService, ResearchTools] })
export class AssistantModule {}
