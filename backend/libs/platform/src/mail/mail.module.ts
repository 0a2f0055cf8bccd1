import { Global, Module } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '../config/environment.provider.js';
import { createMailer, Mailer } from './mailer.js';

@Global()
@Module({
  providers: [{ provide: Mailer, inject: [ENVIRONMENT], useFactory: (environment: Environment) => createMailer(environment) }],
  exports: [Mailer],
})
export class MailModule {}
