import { hash } from '@node-rs/argon2';
import { MikroORM } from '@mikro-orm/postgresql';
import { BillingRepository, BundleRepository, createOrmConfig, UserRepository } from '@serpwise/database';
import { defaultPurchaseId, detectCardType, plans, seatPriceCents } from '@serpwise/contracts';
import { sandboxCardToken } from '@serpwise/platform';
import { addPeriod } from '@serpwise/domain';
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
    if (demo.plan) await ensureDemoSubscription(new BillingRepository(orm.em.fork()), (await users.findByEmail(demo.email))!.id, demo.plan);
  }
  await new BundleRepository(orm.em.fork()).ensureCode(demoBundle);
  console.log(created ? `Demo users: ${created} created (password "${demoPassword}").` : 'Demo users: already there.');
} finally {
  await orm.close(true);
}

/** A monthly subscription paid with the sandbox test card 4242 4242 4242 4242, unless the account has one. */
async function ensureDemoSubscription(billing: BillingRepository, userId: string, plan: 'basic' | 'professional') {
  if (await billing.findSubscription(userId)) return;
  const testCard = '4242424242424242';
  await billing.saveCard({ userId, cardType: detectCardType(testCard)!, lastFour: '4242', expiration: '12/35', cardName: 'Demo Card', gatewayToken: sandboxCardToken(testCard) });
  const now = new Date();
  await billing.startSubscription({
    userId,
    productId: defaultPurchaseId,
    plan,
    billing: 'monthly',
    amountCents: plans[plan].monthlyCents,
    seatAmountCents: seatPriceCents('monthly'),
    couponCode: null,
    periodStart: now,
    periodEnd: addPeriod(now, 'monthly'),
  });
}
