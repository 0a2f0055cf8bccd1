import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';

/** Injection token of the parsed, typed environment. */
export const ENVIRONMENT = Symbol('ENVIRONMENT');

/** Makes the environment (parsed once in main.ts) injectable everywhere. */
@Global()
@Module({})
export class EnvironmentModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: EnvironmentModule,
      providers: [{ provide: ENVIRONMENT, useValue: environment }],
      exports: [ENVIRONMENT],
    };
  }
}
