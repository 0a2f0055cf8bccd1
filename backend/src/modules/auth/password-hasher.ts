import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A hash of a password nobody has, checked when the account does not exist so both paths take as long. */
let decoyHash: Promise<string> | undefined;

@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, options);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      decoyHash ??= hash('serpwise-decoy-password', options);
      await verify(await decoyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}
