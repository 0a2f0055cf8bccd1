import { Module } from '@nestjs/common';
import { ResearchModule } from '../research/research.module.js';
import { LiveDataController } from './live-data.controller.js';
import { LiveDataService } from './live-data.service.js';

@Module({
  imports: [ResearchModule],
  controllers: [LiveDataController],
  providers: [LiveDataService],
})
export class LiveDataModule {}
