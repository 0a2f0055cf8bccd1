import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ResearchController } from './research.controller.js';
import { ResearchTablesController } from './research-tables.controller.js';
import { ResearchViewerMiddleware } from './research-viewer.js';
import { ResearchService } from './research.service.js';
import { ResearchTablesService } from './research-tables.service.js';
import { PREPARED_WAREHOUSE_SQL, preparedWarehouseSqlProvider } from './prepared-warehouse-sql.provider.js';
import { PRIMARY_WAREHOUSE_SQL, primaryWarehouseSqlProvider, warehouseSqlProvider, WAREHOUSE_SQL } from './warehouse-sql.provider.js';

@Module({
  controllers: [ResearchController, ResearchTablesController],
  providers: [warehouseSqlProvider, primaryWarehouseSqlProvider, preparedWarehouseSqlProvider, ResearchService, ResearchTablesService],
  exports: [WAREHOUSE_SQL, PRIMARY_WAREHOUSE_SQL, PREPARED_WAREHOUSE_SQL, ResearchService, ResearchTablesService],
})
export class ResearchModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ResearchViewerMiddleware).forRoutes('{*path}');
  }
}
