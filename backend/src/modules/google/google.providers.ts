import type { Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { GoogleTokenRepository } from '@serpwise/database';
import { ENVIRONMENT, GoogleAuthorisations } from '@serpwise/platform';

export const googleAuthorisationsProvider: Provider = {
  provide: GoogleAuthorisations,
  inject: [ENVIRONMENT, GoogleTokenRepository],
  useFactory: (environment: Environment, tokens: GoogleTokenRepository) => new GoogleAuthorisations(environment, tokens),
};
