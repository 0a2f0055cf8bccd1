import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OperatorApiController } from './operator-api.controller.js';

/** The internal REST API documented for operators: /rest/openapi.json, generated from the routes' zod schemas. */
@Module({
  imports: [DiscoveryModule],
  controllers: [OperatorApiController],
})
export class OperatorApiModule {}
