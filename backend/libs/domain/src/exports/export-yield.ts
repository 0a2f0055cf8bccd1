import { researchReadsApplicationName, warehousePoolApplicationName } from '@serpwise/research';

/**
 * Exports that yield to research between batches (issue 27 point 2; docs/decisions.md, "Issue 27 point 2: exports
 * yield to research between batches"). Before its statement starts and before each batch, an export waits while
 * research is being answered on its PostgreSQL server. A waiting export stops reading its COPY, so PostgreSQL's side
 * of it (the rows' text and the send; the sort only until it starts) stalls too once the socket's buffers are full:
 * the part of an export the worker's own priority cannot lower.
 *
 * Exports still progress: an export's waits never add up to more than `waitPerRunMs` times its running time so far
 * plus `graceMs`, so under research that never stops it takes at most about (1 + waitPerRunMs) times as long plus the
 * grace, and one wait lasts at most `maxWaitMs` (the export then starts its statement or writes a batch, and checks
 * its cancel).
 */

/** Research is "being answered" while a research query runs, and for this long after one ended. */
export const researchQuietMs = 500;

/**
 * Only a query that ran this long counts as research a user waits on. The API's connections also answer its
 * bookkeeping — the session behind every request, a job's status that a page or the 3 s fallback poll asks — in well
 * under a millisecond, which an export does not slow; counting those made every export wait while anyone used the
 * app (a 3,258-row export took 0.8 s instead of 0.3 s beside its own status polls). A query running now counts
 * whatever its length (a look rarely catches one that lasts under a millisecond, and then the next look, `pollMs`
 * later, finds it ended): between two queries of a research page, the one that ended keeps research "being answered".
 */
export const researchQueryMinMs = 5;

/** The rule that keeps an export progressing beside research that never stops. */
export interface YieldRule {
  /** Research counts as being answered for this long after its last query ended (researchQuietMs). */
  quietMs: number;
  /** The export may wait at most this many times its running time so far (ms of waiting per ms run)… */
  waitPerRunMs: number;
  /** …plus this much. */
  graceMs: number;
  /** One wait ends after this long, whatever research does (the statement or a batch, and the cancel check, come next). */
  maxWaitMs: number;
  /** How often a waiting export asks again. */
  pollMs: number;
}

/**
 * 9: an export beside never-ending research runs at least a tenth of the time (at most ~10× its time alone plus a
 * second). Research's target is a p95, the slowest 5 % of its calls: with a quarter (3) about a quarter of them would
 * meet a running export (docs/decisions.md, "exports yield to research between batches").
 */
export const defaultYieldRule: YieldRule = { quietMs: researchQuietMs, waitPerRunMs: 9, graceMs: 1_000, maxWaitMs: 2_000, pollMs: 25 };

/**
 * The API's connections, whose queries a user waits on: the research layer's pools (on the primary or a replica) and
 * MikroORM's (`serpwise-api`, database.module.ts), which runs a research page's own statements when research reads
 * the primary (warehouse-sql.provider.ts: only the request's level probe goes through the research pool).
 */
const interactiveApplications = [warehousePoolApplicationName, researchReadsApplicationName, 'serpwise-api'];

/** One look at the API's sessions: whether one runs a query now, and when the last one ended within the quiet time. */
interface SeenActivity {
  active: boolean;
  /** The server's clock, epoch ms; null when none ended within `quietMs`. */
  lastEndedAt: number | null;
}

type Queryable = { query(text: string, values: unknown[]): Promise<{ rows: { active: boolean | null; last_ended_at: number | null }[] }> };

/**
 * What an export knows of research on its server: the last answer at once, or a fresh one. `notBefore` (the export's
 * request, epoch ms on the server's clock) leaves out queries that ended before it: the request's own.
 */
export interface ResearchActivity {
  /** The last answer, without waiting (a fresh one is asked in the background when it is older than `peekEveryMs`). */
  peek(notBefore?: number | null): boolean;
  /** A fresh answer (shared by the process's exports for `cacheMs`). */
  ask(notBefore?: number | null): Promise<boolean>;
}

const busyOf = (seen: SeenActivity, notBefore: number | null | undefined) =>
  seen.active || (seen.lastEndedAt !== null && (notBefore === null || notBefore === undefined || seen.lastEndedAt > notBefore));

/**
 * Whether research is being answered on the server now: a session of the API runs a query, or ended one that ran
 * `researchQueryMinMs` or longer within
 * `quietMs` (PostgreSQL's own view, so every API node counts whatever its Redis, and any database: the cores are the
 * server's). Asked through the export pool, not the export's own connection (that one is busy with the COPY); one
 * answer serves every export of the process for `cacheMs`. An export alone on the server only peeks: its batches
 * never wait for this round trip.
 */
export function researchActivity(pool: Queryable, quietMs = researchQuietMs, cacheMs = 20, peekEveryMs = 100): ResearchActivity {
  let last: SeenActivity = { active: false, lastEndedAt: null };
  let asked: { at: number; seen: Promise<SeenActivity> } | null = null;
  const look = () => {
    const now = Date.now();
    if (asked && now - asked.at < cacheMs) return asked.seen;
    const seen = pool
      .query(
        `select bool_or(state = 'active') as active,
           (extract(epoch from max(state_change) filter (where state <> 'active'
             and state_change > now() - make_interval(secs => $2::float8 / 1000)
             and state_change - query_start >= make_interval(secs => $3::float8 / 1000))) * 1000)::float8 as last_ended_at
         from pg_stat_activity where application_name = any($1) and pid <> pg_backend_pid()`,
        [interactiveApplications, quietMs, researchQueryMinMs],
      )
      .then(({ rows }) => (last = { active: rows[0]?.active === true, lastEndedAt: rows[0]?.last_ended_at ?? null }))
      // No answer (the pool exhausted, the server restarting): the export goes on; yielding is a courtesy.
      .catch(() => (last = { active: false, lastEndedAt: null }));
    asked = { at: now, seen };
    return seen;
  };
  return {
    // An export alone asks about every 100 ms, beside its batches (about 25 small reads for a 2.5 s export).
    peek: (notBefore) => {
      if (!asked || Date.now() - asked.at >= peekEveryMs) void look();
      return busyOf(last, notBefore);
    },
    ask: async (notBefore) => busyOf(await look(), notBefore),
  };
}

/** Time as an export's yielding reads and spends it (a test's clock moves on its own). */
export interface YieldClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: YieldClock = { now: () => Date.now(), sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

/**
 * The exports of one process yield as one (issue 27 point 2). Each export keeping its own share, four exports at once
 * ran beside research four times as often as one (research first pages 1.40× slower beside four exports,
 * docs/benchmarks.md). So the share is the process's: a bucket of allowed waiting that grows `waitPerRunMs` ms for
 * each ms some export runs and shrinks for each ms all of them wait (from `graceMs`, at most `graceMs + maxWaitMs`, so
 * hours of exports alone bank nothing), and beside research at most one export runs once it is spent.
 */
export class YieldShare {
  private active = 0;
  private running = 0;
  private bucketMs: number;
  private since: number;

  constructor(
    private readonly rule: YieldRule = defaultYieldRule,
    private readonly clock: YieldClock = realClock,
  ) {
    this.bucketMs = rule.graceMs;
    this.since = clock.now();
  }

  /** Brings the bucket up to now: running time adds to it, time with every export waiting takes from it. */
  private settle(): void {
    const now = this.clock.now();
    const elapsed = now - this.since;
    this.since = now;
    if (this.running > 0) this.bucketMs = Math.min(this.rule.graceMs + this.rule.maxWaitMs, this.bucketMs + this.rule.waitPerRunMs * elapsed);
    else if (this.active > 0) this.bucketMs -= elapsed;
  }

  /** An export starts (running); the first after none were starts a fresh bucket. */
  join(): void {
    this.settle();
    if (this.active === 0) this.bucketMs = this.rule.graceMs;
    this.active += 1;
    this.running += 1;
  }

  /** An export ended (running: not inside a wait). */
  leave(): void {
    this.settle();
    this.active -= 1;
    this.running -= 1;
  }

  /** An export starts (true) or stops (false) waiting. */
  waiting(waits: boolean): void {
    this.settle();
    this.running += waits ? -1 : 1;
  }

  /** How much longer the process's exports may wait now (≤ 0: spent). */
  allowance(): number {
    this.settle();
    return this.bucketMs;
  }

  /** Whether another export runs now (asked by a waiting one: it is not counted). */
  othersRunning(): boolean {
    return this.running > 0;
  }
}

/** One export's yielding: `beforeBatch` waits while research is being answered, within its process's share. */
export class ExportYield {
  private waitedMs = 0;
  private ended = false;

  constructor(
    private readonly research: ResearchActivity,
    private readonly rule: YieldRule = defaultYieldRule,
    private readonly clock: YieldClock = realClock,
    /** The export's request on the server's clock (epoch ms): research that ended before it is not waited for. */
    private readonly notBefore: number | null = null,
    /** The process's exports' share (one export alone: its own). */
    private readonly share: YieldShare = new YieldShare(rule, clock),
  ) {
    share.join();
  }

  /** Time this export has waited for research so far. */
  get waited(): number {
    return this.waitedMs;
  }

  /**
   * Before the statement starts (its sort is most of PostgreSQL's work): waits while research is being answered
   * (before its first row an export has run little, so this is about the grace).
   */
  async beforeStatement(): Promise<void> {
    if (await this.research.ask(this.notBefore)) await this.wait();
  }

  /** Waits while research is being answered (as last seen: an export alone never waits for the question). */
  async beforeBatch(): Promise<void> {
    if (this.research.peek(this.notBefore)) await this.wait();
  }

  /** The export ended (its share is no longer taken); called once, whatever ended it. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.share.leave();
  }

  /**
   * One wait: until research is quiet, `maxWaitMs` passed, or the share is spent and no other export runs (then this
   * one does; while another runs, waiting costs the share nothing).
   */
  private async wait(): Promise<void> {
    const began = this.clock.now();
    const waited = () => this.clock.now() - began;
    this.share.waiting(true);
    try {
      for (;;) {
        const left = this.rule.maxWaitMs - waited();
        const others = this.share.othersRunning();
        const allowance = this.share.allowance();
        if (left <= 0 || (!others && allowance <= 0) || !(await this.research.ask(this.notBefore))) break;
        await this.clock.sleep(Math.max(1, Math.min(this.rule.pollMs, left, others ? this.rule.pollMs : allowance)));
      }
    } finally {
      this.waitedMs += waited();
      this.share.waiting(false);
    }
  }
}
