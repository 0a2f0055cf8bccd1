import { Module } from '@nestjs/common';
import { ResearchController } from './research.controller.js';
import { ResearchService } from './research.service.js';
import { warehouseSqlProvider, WAREHOUSE_SQL } from './warehouse-sql.provider.js';

@Module({ controllers: [ResearchController], providers: [warehouseSqlProvider, ResearchService], exports: [WAREHOUSE_SQL] })
export class ResearchModule {}
