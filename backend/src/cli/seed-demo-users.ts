import { hash } from '@node-rs/argon2';
import { MikroORM } from '@mikro-orm/postgresql';
import { BundleRepository, createOrmConfig, UserRepository } from '@serpwise/database';
import { demoBundle, demoPassword, demoUsers } from './demo-users.js';

// Creates the demo accounts that are missing; an account that exists is left as it is (its password included).
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 1 }));
try {
  const users = new UserRepository(orm.em.fork());
  const passwordHash = await hash(demoPassword);
  let created = 0;
  for (const demo of demoUsers) {
    const parent = demo.parent ? await users.findByEmail(demo.parent) : null;
    const user = await users.create({ email: demo.email, name: demo.name, passwordHash, roles: demo.roles, parentUserId: parent?.id ?? null });
    if (user) created += 1;
  }
  await new BundleRepository(orm.em.fork()).ensureCode(demoBundle);
  console.log(created ? `Demo users: ${created} created (password "${demoPassword}").` : 'Demo users: already there.');
} finally {
  await orm.close(true);
}
