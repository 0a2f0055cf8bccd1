import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { UserRepository } from '@serpwise/database';
import { ENVIRONMENT } from '@serpwise/platform';
import { PasswordHasher } from './password-hasher.js';

/** What the start did about ADMIN_EMAIL: made the account, found it there already, or had nothing to do. */
export type InitialAdminOutcome = 'created' | 'exists' | 'not-configured';

/**
 * The first administrator of a fresh install (docker-compose: ADMIN_EMAIL, ADMIN_PASSWORD), made when the API starts.
 * Only ever inserted: an account with that e-mail is left exactly as it is, so a password changed since, or roles
 * changed by hand, survive every restart, and an account someone registered first never becomes an admin by it.
 * Several API nodes starting together insert at most one row (the e-mail is unique; `on conflict do nothing`).
 */
@Injectable()
export class InitialAdmin implements OnApplicationBootstrap {
  private readonly logger = new Logger(InitialAdmin.name);

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensure();
  }

  async ensure(): Promise<InitialAdminOutcome> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.environment;
    if (!email || !password) return 'not-configured';
    const users = new UserRepository(this.em.fork());
    const existing = await users.findByEmail(email);
    if (!existing) {
      const created = await users.create({ email, name: 'Administrator', passwordHash: await this.hasher.hash(password), roles: ['full', 'admin'] });
      if (created) {
        this.logger.log(`Created the administrator ${email} (ADMIN_EMAIL); change its password after the first login.`);
        return 'created';
      }
    }
    const account = existing ?? (await users.findByEmail(email));
    if (account && !account.roles.includes('admin')) {
      this.logger.warn(`ADMIN_EMAIL ${email} belongs to an account without the admin role; it was left unchanged (grant the role by hand if it is yours).`);
    }
    return 'exists';
  }
}
