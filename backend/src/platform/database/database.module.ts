import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { createOrmConfig, JobRecordRepository, PasswordResetRepository, SessionRepository, UserRepository } from '@serpwise/database';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '../config/environment.provider.js';

/** MikroORM for Nest, plus the repositories, for both the API and the worker. */
@Global()
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [ENVIRONMENT],
      driver: PostgreSqlDriver,
      useFactory: (environment: Environment) =>
        createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: environment.DATABASE_POOL_MAX }),
    }),
  ],
  providers: [
    { provide: JobRecordRepository, inject: [EntityManager], useFactory: (em: EntityManager) => new JobRecordRepository(em) },
    { provide: SessionRepository, inject: [EntityManager], useFactory: (em: EntityManager) => new SessionRepository(em) },
    { provide: UserRepository, inject: [EntityManager], useFactory: (em: EntityManager) => new UserRepository(em) },
    { provide: PasswordResetRepository, inject: [EntityManager], useFactory: (em: EntityManager) => new PasswordResetRepository(em) },
  ],
  exports: [JobRecordRepository, SessionRepository, UserRepository, PasswordResetRepository],
})
export class DatabaseModule {}
