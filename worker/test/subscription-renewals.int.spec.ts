import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { plans, scheduledQueue, seatPriceCents, type Environment } from '@serpwise/contracts';
import { BillingRepository, createOrmConfig, UserRepository } from '@serpwise/database';
import { Mailer, type MailMessage, queueKeyPrefix, sandboxCardToken, SandboxPaymentGateway } from '@serpwise/platform';
import { renewalAttemptsBeforeCancel, type RenewalPorts, renewDueSubscriptions } from '@serpwise/domain';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { setUpTimeoutMs, createTestDatabase, createTestRedis, testEnvironment, type TestDatabase, type TestRedis } from '../../infra/test/test-services.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { ScheduledTaskRunner } from '../src/schedules/scheduled-task-runner.js';

jest.setTimeout(60_000);

class RecordedMail extends Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  to(email: string) {
    return this.sent.filter((message) => message.to === email);
  }
}

let database: TestDatabase;
let redis: TestRedis;
let environment: Environment;
let orm: MikroORM;
let ports: RenewalPorts;
const mail = new RecordedMail();
const day = 24 * 3600 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = createTestRedis();
  environment = testEnvironment(database, redis);
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 4 }));
  ports = { billing: () => new BillingRepository(orm.em.fork()), users: () => new UserRepository(orm.em.fork()), gateway: new SandboxPaymentGateway(), mailer: mail, publicUrl: environment.PUBLIC_URL };
}, setUpTimeoutMs);

afterAll(async () => {
  await orm?.close(true);
  await redis?.cleanup();
  await database?.drop();
}, setUpTimeoutMs);

/** An owner on the professional monthly plan whose paid period ended an hour before `now`, paying with `card`. */
async function subscriberWhosePeriodEnded(now: Date, card = '4242424242424242', status = 'active') {
  const owner = await createTestUser(database, { roles: ['full'] });
  await ports.billing().saveCard({ userId: owner.id, cardType: 'Visa', lastFour: card.slice(-4), expiration: '12/35', cardName: 'Test', gatewayToken: sandboxCardToken(card) });
  const periodEnd = new Date(now.getTime() - 3600_000);
  const periodStart = new Date(periodEnd.getTime() - 30 * day);
  await database.query(
    `insert into subscription (id, user_id, product_id, plan, billing, status, amount_cents, seat_amount_cents, coupon_code,
       current_period_start, current_period_end, renewal_failures, created_at, updated_at)
     values ($1, $2, 1139, 'professional', 'monthly', $3, $4, $5, null, $6, $7, 0, now(), now())`,
    [randomUUID(), owner.id, status, plans.professional.monthlyCents, seatPriceCents('monthly'), periodStart, periodEnd],
  );
  return { owner, periodEnd };
}

const subscriptionOf = async (userId: string) =>
  (await database.query<{ status: string; current_period_start: Date; current_period_end: Date; renewal_failures: number; next_renewal_attempt_at: Date | null }>(
    'select status, current_period_start, current_period_end, renewal_failures, next_renewal_attempt_at from subscription where user_id = $1',
    [userId],
  ))[0]!;
const receiptsOf = (userId: string) =>
  database.query<{ status: string; amount_cents: number; idempotency_key: string | null }>('select status, amount_cents, idempotency_key from receipt where user_id = $1 order by created_at', [userId]);

describe('subscription renewals', () => {
  it('charges the plan and its team seats for the next period once, however often the sweep runs', async () => {
    const now = new Date();
    const { owner, periodEnd } = await subscriberWhosePeriodEnded(now);
    await createTestUser(database, { roles: [], parentUserId: owner.id }); // one team member: one seat
    await Promise.all([renewDueSubscriptions(ports, now), renewDueSubscriptions(ports, now)]); // two workers at once
    await renewDueSubscriptions(ports, now);

    const receipts = await receiptsOf(owner.id);
    expect(receipts).toEqual([{ status: 'approved', amount_cents: plans.professional.monthlyCents + seatPriceCents('monthly'), idempotency_key: expect.stringMatching(/^renewal:/) }]);
    const subscription = await subscriptionOf(owner.id);
    expect(subscription.current_period_start).toEqual(periodEnd);
    const expectedEnd = new Date(periodEnd);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(subscription.current_period_end).toEqual(expectedEnd);
    expect(subscription.next_renewal_attempt_at).toBeNull();
    expect(mail.to(owner.email).map((message) => message.subject)).toEqual(['Your Serpwise membership was renewed']);
    // The renewal e-mail is its receipt, with the link to the printable page.
    const [receiptId] = await database.query<{ id: string }>('select id from receipt where user_id = $1', [owner.id]);
    const text = mail.to(owner.email)[0]!.text;
    expect(text).toContain(`Receipt ${receiptId!.id}`);
    expect(text).toContain('Status: Paid');
    expect(text).toContain(`${environment.PUBLIC_URL}/account/receipt?id=${receiptId!.id}`);
  });

  it('does not charge again a period whose charge went through before a crash; it only moves the period on', async () => {
    const now = new Date();
    const { owner, periodEnd } = await subscriberWhosePeriodEnded(now);
    const [subscription] = await database.query<{ id: string }>('select id from subscription where user_id = $1', [owner.id]);
    await ports.billing().addReceipt({
      userId: owner.id, description: 'charged before the crash', amountCents: 7900, status: 'approved', cardType: 'Visa', lastFour: '4242',
      transactionId: 'sandbox_x', declineReason: null, idempotencyKey: `renewal:${subscription!.id}:${periodEnd.toISOString()}`,
    });
    await renewDueSubscriptions(ports, now);
    expect(await receiptsOf(owner.id)).toHaveLength(1);
    expect((await subscriptionOf(owner.id)).current_period_start).toEqual(periodEnd);
  });

  it('retries a declined card a day later, and cancels after the third decline, ending the plan', async () => {
    const now = new Date();
    const { owner } = await subscriberWhosePeriodEnded(now, '4000000000000002');
    await renewDueSubscriptions(ports, now);
    let subscription = await subscriptionOf(owner.id);
    expect(subscription).toMatchObject({ status: 'active', renewal_failures: 1 });
    expect(subscription.next_renewal_attempt_at!.getTime()).toBeGreaterThan(now.getTime() + day - 1000);
    await renewDueSubscriptions(ports, new Date(now.getTime() + 3600_000)); // not due again yet
    expect(await receiptsOf(owner.id)).toEqual([{ status: 'declined', amount_cents: plans.professional.monthlyCents, idempotency_key: null }]);

    for (let attempt = 2; attempt <= renewalAttemptsBeforeCancel; attempt += 1) await renewDueSubscriptions(ports, new Date(now.getTime() + attempt * day));
    subscription = await subscriptionOf(owner.id);
    expect(subscription).toMatchObject({ status: 'cancelled', renewal_failures: renewalAttemptsBeforeCancel });
    expect(await receiptsOf(owner.id)).toHaveLength(renewalAttemptsBeforeCancel);
    const [user] = await database.query<{ attributes: Record<string, string> }>('select attributes from app_user where id = $1', [owner.id]);
    expect(user!.attributes['planEndsAt']).toBeDefined();
    expect(mail.to(owner.email).map((message) => message.subject)).toEqual([
      'Your Serpwise payment did not go through',
      'Your Serpwise payment did not go through',
      'Your Serpwise membership was cancelled',
    ]);
  });

  it('leaves cancelled and paused subscriptions alone: they simply end', async () => {
    const now = new Date();
    const { owner: cancelled } = await subscriberWhosePeriodEnded(now, '4242424242424242', 'cancelled');
    const { owner: paused } = await subscriberWhosePeriodEnded(now, '4242424242424242', 'paused');
    await renewDueSubscriptions(ports, now);
    expect(await receiptsOf(cancelled.id)).toEqual([]);
    expect(await receiptsOf(paused.id)).toEqual([]);
  });
});

describe('scheduled tasks in the worker', () => {
  it('registers each task as a job scheduler with its next run, and runs it when due', async () => {
    let runs = 0;
    const tick = { task: { name: 'test.tick', everyMs: 300, description: 'test' }, run: async () => (runs += 1) };
    // Two workers start: the scheduler is still one.
    const runners = [new ScheduledTaskRunner([tick], environment, pino({ level: 'silent' })), new ScheduledTaskRunner([tick], environment, pino({ level: 'silent' }))];
    for (const runner of runners) await runner.start();
    try {
      const queue = new Queue(scheduledQueue, { connection: { url: environment.REDIS_URL }, prefix: queueKeyPrefix(environment.REDIS_PREFIX) });
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['test.tick']);
      expect(schedulers[0]!.next).toBeGreaterThan(Date.now() - 1000);
      await queue.close();
      const deadline = Date.now() + 10_000;
      while (runs < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs).toBeGreaterThanOrEqual(2);
    } finally {
      for (const runner of runners) await runner.stop();
    }
  });
});
