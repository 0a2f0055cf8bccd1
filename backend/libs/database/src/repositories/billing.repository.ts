import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReceiptSummary } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

export interface PaymentCardRecord {
  userId: string;
  cardType: string;
  lastFour: string;
  expiration: string;
  cardName: string;
  gatewayToken: string;
  updatedAt: Date;
}

export interface SubscriptionRecord {
  id: string;
  userId: string;
  productId: number;
  plan: string;
  billing: string;
  status: string;
  amountCents: number;
  seatAmountCents: number;
  couponCode: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelledAt: Date | null;
  pausedAt: Date | null;
  renewalFailures: number;
  createdAt: Date;
}

/** A receipt as read back: what was written, its id and when. */
export interface ReceiptRecord extends Omit<NewReceipt, 'idempotencyKey'> {
  id: string;
  createdAt: Date;
}

type Row = Record<string, unknown>;
const date = (value: unknown) => new Date(value as string);
const maybeDate = (value: unknown) => (value ? new Date(value as string) : null);

const toCard = (row: Row): PaymentCardRecord => ({
  userId: row.user_id as string,
  cardType: row.card_type as string,
  lastFour: row.last_four as string,
  expiration: row.expiration as string,
  cardName: row.card_name as string,
  gatewayToken: row.gateway_token as string,
  updatedAt: date(row.updated_at),
});

const toSubscription = (row: Row): SubscriptionRecord => ({
  id: row.id as string,
  userId: row.user_id as string,
  productId: Number(row.product_id),
  plan: row.plan as string,
  billing: row.billing as string,
  status: row.status as string,
  amountCents: Number(row.amount_cents),
  seatAmountCents: Number(row.seat_amount_cents),
  couponCode: (row.coupon_code as string | null) ?? null,
  currentPeriodStart: date(row.current_period_start),
  currentPeriodEnd: date(row.current_period_end),
  cancelledAt: maybeDate(row.cancelled_at),
  pausedAt: maybeDate(row.paused_at),
  renewalFailures: Number(row.renewal_failures ?? 0),
  createdAt: date(row.created_at),
});

const toReceipt = (row: Row): ReceiptRecord => ({
  id: row.id as string,
  userId: row.user_id as string,
  description: row.description as string,
  amountCents: Number(row.amount_cents),
  status: row.status as 'approved' | 'declined',
  cardType: (row.card_type as string | null) ?? null,
  lastFour: (row.last_four as string | null) ?? null,
  transactionId: (row.transaction_id as string | null) ?? null,
  declineReason: (row.decline_reason as string | null) ?? null,
  createdAt: date(row.created_at),
});

export interface NewSubscription {
  userId: string;
  productId: number;
  plan: string;
  billing: string;
  amountCents: number;
  seatAmountCents: number;
  couponCode: string | null;
  periodStart: Date;
  periodEnd: Date;
}

/** A receipt to write: what its summary shows (contracts), for one account owner. */
export type NewReceipt = Omit<ReceiptSummary, 'id' | 'createdAt'> & {
  userId: string;
  /** Approved renewal charges only: one receipt per paid period. */
  idempotencyKey?: string | null;
};

/** Payment cards (last four only), subscriptions, receipts and cancellation surveys of account owners. */
export class BillingRepository {
  constructor(private readonly em: EntityManager) {}

  async findCard(userId: string): Promise<PaymentCardRecord | null> {
    const rows = await this.em.execute<Row[]>('select * from payment_card where user_id = ?', [userId]);
    return rows[0] ? toCard(rows[0]) : null;
  }

  async saveCard(card: Omit<PaymentCardRecord, 'updatedAt'>): Promise<void> {
    await this.em.execute(
      `insert into payment_card (user_id, card_type, last_four, expiration, card_name, gateway_token, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, now(), now())
       on conflict (user_id) do update set card_type = excluded.card_type, last_four = excluded.last_four,
         expiration = excluded.expiration, card_name = excluded.card_name, gateway_token = excluded.gateway_token, updated_at = now()`,
      [card.userId, card.cardType, card.lastFour, card.expiration, card.cardName, card.gatewayToken],
    );
  }

  async findSubscription(userId: string): Promise<SubscriptionRecord | null> {
    const rows = await this.em.execute<Row[]>('select * from subscription where user_id = ?', [userId]);
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /** Starts (or restarts, replacing an ended one) the owner's subscription. */
  async startSubscription(input: NewSubscription): Promise<SubscriptionRecord> {
    const rows = await this.em.execute<Row[]>(
      `insert into subscription (id, user_id, product_id, plan, billing, status, amount_cents, seat_amount_cents, coupon_code,
         current_period_start, current_period_end, cancelled_at, paused_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, null, null, now(), now())
       on conflict (user_id) do update set product_id = excluded.product_id, plan = excluded.plan, billing = excluded.billing,
         status = 'active', amount_cents = excluded.amount_cents, seat_amount_cents = excluded.seat_amount_cents,
         coupon_code = excluded.coupon_code, current_period_start = excluded.current_period_start,
         current_period_end = excluded.current_period_end, cancelled_at = null, paused_at = null, updated_at = now()
       returning *`,
      [randomUUID(), input.userId, input.productId, input.plan, input.billing, input.amountCents, input.seatAmountCents, input.couponCode, input.periodStart, input.periodEnd],
    );
    return toSubscription(rows[0]!);
  }

  async setStatus(id: string, status: 'active' | 'paused' | 'cancelled'): Promise<void> {
    await this.em.execute(
      `update subscription set status = ?,
         cancelled_at = case when ? = 'cancelled' then now() else null end,
         paused_at = case when ? = 'paused' then now() else null end,
         updated_at = now() where id = ?`,
      [status, status, status, id],
    );
  }

  async addReceipt(input: NewReceipt): Promise<ReceiptRecord> {
    const rows = await this.em.execute<Row[]>(
      `insert into receipt (id, user_id, description, amount_cents, status, card_type, last_four, transaction_id, decline_reason, idempotency_key, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp()) returning *`,
      [randomUUID(), input.userId, input.description, input.amountCents, input.status, input.cardType, input.lastFour, input.transactionId, input.declineReason, input.idempotencyKey ?? null],
    );
    return toReceipt(rows[0]!);
  }

  async listReceipts(userId: string, includeDeclines: boolean): Promise<ReceiptRecord[]> {
    const rows = await this.em.execute<Row[]>(
      `select * from receipt where user_id = ? and (? or status = 'approved') order by created_at desc, id`,
      [userId, includeDeclines],
    );
    return rows.map(toReceipt);
  }

  async findReceipt(userId: string, id: string): Promise<ReceiptRecord | null> {
    const rows = await this.em.execute<Row[]>('select * from receipt where id = ? and user_id = ?', [id, userId]);
    return rows[0] ? toReceipt(rows[0]) : null;
  }

  // ---- Renewals (@serpwise/domain, billing/subscription-renewals.ts) ----

  /**
   * Takes up to `limit` active subscriptions whose period has ended and that are not leased or waiting for a retry,
   * and leases them until `leaseUntil`, so two sweeps (two workers) never renew the same one at once.
   */
  async claimDueRenewals(now: Date, leaseUntil: Date, limit: number): Promise<SubscriptionRecord[]> {
    const rows = await this.em.execute<Row[]>(
      `update subscription set next_renewal_attempt_at = ?
       where id in (
         select id from subscription
         where status = 'active' and current_period_end <= ? and (next_renewal_attempt_at is null or next_renewal_attempt_at <= ?)
         order by current_period_end limit ? for update skip locked)
       returning *`,
      [leaseUntil, now, now, limit],
    );
    return rows.map(toSubscription);
  }

  async findReceiptByKey(idempotencyKey: string): Promise<ReceiptRecord | null> {
    const rows = await this.em.execute<Row[]>('select * from receipt where idempotency_key = ?', [idempotencyKey]);
    return rows[0] ? toReceipt(rows[0]) : null;
  }

  /** Moves a paid subscription to its next period; false when someone else already did. */
  async advancePeriod(id: string, paidPeriodEnd: Date, nextPeriodEnd: Date): Promise<boolean> {
    const rows = await this.em.execute<Row[]>(
      `update subscription set current_period_start = current_period_end, current_period_end = ?, renewal_failures = 0,
         next_renewal_attempt_at = null, updated_at = now()
       where id = ? and current_period_end = ? returning id`,
      [nextPeriodEnd, id, paidPeriodEnd],
    );
    return rows.length > 0;
  }

  /** Counts a declined renewal and says when to try again; returns the failures so far. */
  async recordRenewalFailure(id: string, retryAt: Date): Promise<number> {
    const rows = await this.em.execute<Row[]>(
      'update subscription set renewal_failures = renewal_failures + 1, next_renewal_attempt_at = ?, updated_at = now() where id = ? returning renewal_failures',
      [retryAt, id],
    );
    return Number(rows[0]?.renewal_failures ?? 0);
  }

  async addCancellationSurvey(userId: string, productId: number, reason: string, comments: string | null): Promise<void> {
    await this.em.execute(
      'insert into cancellation_survey (id, user_id, product_id, reason, comments, created_at) values (?, ?, ?, ?, ?, now())',
      [randomUUID(), userId, productId, reason, comments],
    );
  }
}
