import type { Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { GoogleTokenRepository } from '@serpwise/database';
import { ENVIRONMENT } from '../../platform/config/environment.provider.js';
import { GoogleAuthorisations } from '../../platform/google/google-authorisations.js';

export const googleAuthorisationsProvider: Provider = {
  provide: GoogleAuthorisations,
  inject: [ENVIRONMENT, GoogleTokenRepository],
  useFactory: (environment: Environment, tokens: GoogleTokenRepository) => new GoogleAuthorisations(environment, tokens),
};
