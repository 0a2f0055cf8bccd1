import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { createOrmConfig, JobRecordRepository, PasswordResetRepository, SessionRepository, UserRepository } from '@serpwise/database';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '../config/environment.provider.js';
import { repositoryProviders } from './repository-providers.js';

/** The repositories every area uses: sessions, users, jobs, password resets. */
const sharedRepositories = [JobRecordRepository, SessionRepository, UserRepository, PasswordResetRepository];

/** MikroORM for Nest, plus the shared repositories, for both the API and the worker. */
@Global()
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [ENVIRONMENT],
      driver: PostgreSqlDriver,
      useFactory: (environment: Environment) =>
        createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: environment.DATABASE_POOL_MAX, applicationName: 'serpwise-api' }),
    }),
  ],
  providers: repositoryProviders(...sharedRepositories),
  exports: sharedRepositories,
})
export class DatabaseModule {}
