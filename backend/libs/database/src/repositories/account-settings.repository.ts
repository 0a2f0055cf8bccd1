import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';

export type RequestedKeywordStatusValue = 'queued' | 'processing' | 'ready' | 'failed';

export interface RequestedKeywordRecord {
  term: string;
  status: RequestedKeywordStatusValue;
  requestedAt: Date;
  failureReason: string | null;
}

/** Keywords users asked to be added to the warehouse. */
export class RequestedKeywordRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records the requests: a term already in the warehouse (any territory) is 'ready' at once, others 'queued'.
   * A term the user asked for before keeps its row. Returns how many rows were new.
   */
  async add(userId: string, terms: string[]): Promise<number> {
    if (terms.length === 0) return 0;
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into requested_keyword (id, user_id, term, status, requested_at, updated_at)
       select gen_random_uuid(), ?, t.term,
              case when exists (select 1 from keyword k where k.term = t.term) then 'ready' else 'queued' end, now(), now()
       from unnest(?::text[]) as t(term)
       on conflict (user_id, term) do nothing returning id`,
      [userId, toTextArray(terms)],
    );
    // Asking again for a keyword whose fetch failed queues it again.
    await this.em.execute(
      `update requested_keyword set status = 'queued', failure_reason = null, job_id = null, requested_at = now(), updated_at = now()
       where user_id = ? and status = 'failed' and term = any(?::text[])`,
      [userId, toTextArray(terms)],
    );
    return rows.length;
  }

  async counts(userId: string): Promise<Record<RequestedKeywordStatusValue, number>> {
    const rows = await this.em.execute<{ status: RequestedKeywordStatusValue; n: string }[]>(
      'select status, count(*) as n from requested_keyword where user_id = ? group by status',
      [userId],
    );
    const counts = { queued: 0, processing: 0, ready: 0, failed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  async listRecent(userId: string, limit: number): Promise<RequestedKeywordRecord[]> {
    const rows = await this.em.execute<{ term: string; status: RequestedKeywordStatusValue; requested_at: Date; failure_reason: string | null }[]>(
      'select term, status, requested_at, failure_reason from requested_keyword where user_id = ? order by requested_at desc, term limit ?',
      [userId, limit],
    );
    return rows.map((row) => ({ term: row.term, status: row.status, requestedAt: new Date(row.requested_at), failureReason: row.failure_reason }));
  }

  /** True while some of the user's requests wait for a fetch job. */
  async hasQueued(userId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from requested_keyword where user_id = ? and status = 'queued' limit 1`, [userId]);
    return rows.length > 0;
  }

  /**
   * A fetch job takes the user's queued requests (queued → processing, one conditional UPDATE, so two jobs never
   * take the same one) together with those it took in an earlier attempt and has not finished. Answers their terms.
   */
  async claimForFetch(userId: string, jobId: string): Promise<string[]> {
    const rows = await this.em.execute<{ term: string }[]>(
      `update requested_keyword set status = 'processing', job_id = ?, failure_reason = null, updated_at = now()
       where user_id = ? and (status = 'queued' or (status = 'processing' and job_id = ?)) returning term`,
      [jobId, userId, jobId],
    );
    return rows.map((row) => row.term).sort();
  }

  /** processing → ready for terms the job landed. */
  async markReady(jobId: string, terms: readonly string[]): Promise<number> {
    if (!terms.length) return 0;
    const rows = await this.em.execute<{ id: string }[]>(
      `update requested_keyword set status = 'ready', failure_reason = null, updated_at = now()
       where job_id = ? and status = 'processing' and term = any(?::text[]) returning id`,
      [jobId, toTextArray([...terms])],
    );
    return rows.length;
  }

  /** processing → failed with the reason, for terms the job gave up on (all of them when terms is omitted). */
  async markFailed(jobId: string, reason: string, terms?: readonly string[]): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update requested_keyword set status = 'failed', failure_reason = ?, updated_at = now()
       where job_id = ? and status = 'processing' ${terms ? 'and term = any(?::text[])' : ''} returning id`,
      terms ? [reason.slice(0, 500), jobId, toTextArray([...terms])] : [reason.slice(0, 500), jobId],
    );
    return rows.length;
  }
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ApiKeyInfo {
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** API keys (one per user, replaced on regeneration) and monthly call counts. */
export class ApiKeyRepository {
  constructor(private readonly em: EntityManager) {}

  async replace(userId: string, key: string, keyPrefix: string): Promise<ApiKeyInfo> {
    const rows = await this.em.execute<{ key_prefix: string; created_at: Date }[]>(
      `insert into api_key (user_id, key_hash, key_prefix, created_at, last_used_at) values (?, ?, ?, now(), null)
       on conflict (user_id) do update set key_hash = excluded.key_hash, key_prefix = excluded.key_prefix,
         created_at = excluded.created_at, last_used_at = null
       returning key_prefix, created_at`,
      [userId, hashApiKey(key), keyPrefix],
    );
    return { keyPrefix: rows[0]!.key_prefix, createdAt: new Date(rows[0]!.created_at), lastUsedAt: null };
  }

  async find(userId: string): Promise<ApiKeyInfo | null> {
    const rows = await this.em.execute<{ key_prefix: string; created_at: Date; last_used_at: Date | null }[]>(
      'select key_prefix, created_at, last_used_at from api_key where user_id = ?',
      [userId],
    );
    const row = rows[0];
    return row ? { keyPrefix: row.key_prefix, createdAt: new Date(row.created_at), lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null } : null;
  }

  /** The user behind a presented key (for the public API), or null. */
  async findUserIdByKey(key: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>('select user_id from api_key where key_hash = ?', [hashApiKey(key)]);
    return rows[0]?.user_id ?? null;
  }

  /** Removes the user's key: calls with it answer 401 from now on. True when there was one. */
  async revoke(userId: string): Promise<boolean> {
    const rows = await this.em.execute<{ user_id: string }[]>('delete from api_key where user_id = ? returning user_id', [userId]);
    return rows.length > 0;
  }

  /**
   * Counts one call against this month's allowance in one statement, so concurrent calls never pass the limit
   * together: answers this month's calls including this one, or null (nothing counted) when the allowance is used up.
   */
  async meterCall(userId: string, monthlyLimit: number): Promise<number | null> {
    if (monthlyLimit <= 0) return null;
    const rows = await this.em.execute<{ calls: number }[]>(
      `with used as (update api_key set last_used_at = now() where user_id = ?)
       insert into api_usage_month (user_id, month, calls) values (?, date_trunc('month', now())::date, 1)
       on conflict (user_id, month) do update set calls = api_usage_month.calls + 1 where api_usage_month.calls < ?
       returning calls`,
      [userId, userId, monthlyLimit],
    );
    return rows[0] ? Number(rows[0].calls) : null;
  }

  /** Calls per month for the last `months` months, oldest first, months without calls as 0. */
  async monthlyUsage(userId: string, months: number): Promise<{ month: string; calls: number }[]> {
    const rows = await this.em.execute<{ month: string; calls: number }[]>(
      `select to_char(m.month, 'YYYY-MM') as month, coalesce(u.calls, 0)::int as calls
       from generate_series(date_trunc('month', now()) - make_interval(months => ?), date_trunc('month', now()), interval '1 month') as m(month)
       left join api_usage_month u on u.user_id = ? and u.month = m.month::date
       order by m.month`,
      [months - 1, userId],
    );
    return rows.map((row) => ({ month: row.month, calls: Number(row.calls) }));
  }
}

export interface BundleRedemptionResult {
  code: string;
  grantedRole: string;
  months: number;
  planExpiresAt: Date;
}

/** Bundle codes and their redemptions. */
export class BundleRepository {
  constructor(private readonly em: EntityManager) {}

  /** Creates a code unless it exists (demo seeding, admin tools). */
  async ensureCode(input: { code: string; grantedRole: string; months: number; maxRedemptions: number | null }): Promise<void> {
    await this.em.execute(
      `insert into bundle_code (code, granted_role, months, max_redemptions, redemption_count, valid_until, created_at)
       values (?, ?, ?, ?, 0, null, now()) on conflict (code) do nothing`,
      [input.code, input.grantedRole, input.months, input.maxRedemptions],
    );
  }

  /**
   * Redeems a code (case-insensitive) for a user in one statement set: 'invalid' when unknown, expired or used
   * up; 'used' when this user redeemed it before. The plan end extends any later end the user already has.
   */
  redeem(userId: string, rawCode: string): Promise<BundleRedemptionResult | 'invalid' | 'used'> {
    return this.em.transactional((em) => this.redeemIn(em, userId, rawCode));
  }

  private async redeemIn(em: EntityManager, userId: string, rawCode: string): Promise<BundleRedemptionResult | 'invalid' | 'used'> {
    const code = rawCode.trim().toUpperCase();
    const claimed = await em.execute<{ code: string; granted_role: string; months: number }[]>(
      `update bundle_code set redemption_count = redemption_count + 1
       where code = ? and (valid_until is null or valid_until > now())
         and (max_redemptions is null or redemption_count < max_redemptions)
         and not exists (select 1 from bundle_redemption r where r.code = bundle_code.code and r.user_id = ?)
       returning code, granted_role, months`,
      [code, userId],
    );
    const bundle = claimed[0];
    if (!bundle) {
      const used = await em.execute<{ id: string }[]>('select id from bundle_redemption where code = ? and user_id = ?', [code, userId]);
      return used.length ? 'used' : 'invalid';
    }
    const rows = await em.execute<{ plan_expires_at: Date }[]>(
      `insert into bundle_redemption (id, code, user_id, redeemed_at, plan_expires_at)
       values (?, ?, ?, now(), greatest(now(), coalesce((select max(plan_expires_at) from bundle_redemption where user_id = ?), now()))
         + make_interval(months => ?))
       returning plan_expires_at`,
      [randomUUID(), bundle.code, userId, userId, bundle.months],
    );
    return { code: bundle.code, grantedRole: bundle.granted_role, months: bundle.months, planExpiresAt: new Date(rows[0]!.plan_expires_at) };
  }

  /** When the user's latest bundle runs out, or null without a bundle. */
  async planExpiresAt(userId: string): Promise<Date | null> {
    const rows = await this.em.execute<{ at: Date | null }[]>('select max(plan_expires_at) as at from bundle_redemption where user_id = ?', [userId]);
    return rows[0]?.at ? new Date(rows[0].at) : null;
  }
}

/** A user's report and alert recipients, and contact details. */
export class AccountContactRepository {
  constructor(private readonly em: EntityManager) {}

  async emailAddresses(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ email: string }[]>('select email from user_email_address where user_id = ? order by position', [userId]);
    return rows.map((row) => row.email);
  }

  /** Replaces the list (emails arrive normalised and unique). */
  async setEmailAddresses(userId: string, emails: string[]): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.execute('delete from user_email_address where user_id = ?', [userId]);
      if (emails.length) {
        await em.execute(
          `insert into user_email_address (user_id, email, position)
           select ?, e.email, e.position - 1 from unnest(?::text[]) with ordinality as e(email, position)`,
          [userId, toTextArray(emails)],
        );
      }
    });
  }

  async contactInfo(userId: string): Promise<Record<string, string> | null> {
    const rows = await this.em.execute<{ info: Record<string, string> }[]>('select info from user_contact_info where user_id = ?', [userId]);
    return rows[0]?.info ?? null;
  }

  async setContactInfo(userId: string, info: Record<string, string>): Promise<void> {
    await this.em.execute(
      `insert into user_contact_info (user_id, info, updated_at) values (?, ?::jsonb, now())
       on conflict (user_id) do update set info = excluded.info, updated_at = now()`,
      [userId, JSON.stringify(info)],
    );
  }
}

/** A PostgreSQL text[] literal: each element quoted, quotes and backslashes escaped. */
export function toTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
