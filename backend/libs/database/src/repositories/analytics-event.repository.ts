import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnalyticsEventRecord } from '@serpwise/contracts';
import { analyticsPartitionName, analyticsPartitionSql, monthOfAnalyticsPartition, monthStart } from '../analytics-partitions.js';

/** A recorded event as the forwarder sends it on. */
export type StoredAnalyticsEvent = Pick<AnalyticsEventRecord, 'id' | 'name' | 'category' | 'action' | 'label' | 'occurredAt' | 'source'>;

/** PostgreSQL's "no partition of relation … found for row". */
const noPartitionCode = '23514';

/** analytics_event: batch writes, its monthly partitions, the admin page's counts and the forwarder's reads. */
export class AnalyticsEventRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Writes a batch in one statement; an event written before (a retried job) is skipped. A row of a month without a
   * partition (the worker was down over a month's turn) creates that partition and the batch is written again.
   */
  async addBatch(events: readonly AnalyticsEventRecord[]): Promise<number> {
    if (!events.length) return 0;
    try {
      return await this.insert(events);
    } catch (error) {
      if ((error as { code?: string }).code !== noPartitionCode) throw error;
      for (const month of new Set(events.map((event) => monthStart(new Date(event.occurredAt)).toISOString()))) {
        await this.em.execute(analyticsPartitionSql(new Date(month)));
      }
      return this.insert(events);
    }
  }

  private async insert(events: readonly AnalyticsEventRecord[]): Promise<number> {
    const rows = events.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    const values = events.flatMap((event) => [event.occurredAt, event.id, event.name, event.category, event.action, event.label, event.source]);
    const result = await this.em.execute<{ affectedRows?: number }>(
      `insert into analytics_event (occurred_at, id, name, category, action, label, source) values ${rows} on conflict do nothing`,
      values,
      'run',
    );
    return result.affectedRows ?? 0;
  }

  /** Creates the partitions of the month holding `now` and the `ahead` months after it. */
  async ensurePartitions(now: Date, ahead: number): Promise<void> {
    for (let offset = 0; offset <= ahead; offset++) await this.em.execute(analyticsPartitionSql(monthStart(now, offset)));
  }

  /** Drops the partitions of months wholly before the `keepMonths` months ending with the one holding `now`; their names. */
  async dropPartitionsBefore(now: Date, keepMonths: number): Promise<string[]> {
    const oldestKept = monthStart(now, -(keepMonths - 1));
    const partitions = await this.em.execute<{ name: string }[]>(
      `select child.relname as name from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
       join pg_class parent on parent.oid = pg_inherits.inhparent where parent.relname = 'analytics_event'`,
    );
    const dropped: string[] = [];
    for (const { name } of partitions) {
      const month = monthOfAnalyticsPartition(name);
      if (!month || month >= oldestKept) continue;
      await this.em.execute(`drop table if exists "${analyticsPartitionName(month)}"`);
      dropped.push(name);
    }
    return dropped;
  }

  /** Events per name and UTC day in [from, to) (whole days). */
  async countsPerDay(from: Date, to: Date): Promise<{ name: string; category: string; action: string; day: string; count: number }[]> {
    const rows = await this.em.execute<{ name: string; category: string; action: string; day: string; count: string }[]>(
      `select name, category, action, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
       from analytics_event where occurred_at >= ? and occurred_at < ?
       group by name, category, action, day`,
      [from.toISOString(), to.toISOString()],
    );
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /**
   * The oldest events not yet forwarded (within `since`), locked for this transaction so two workers never send the
   * same ones; call inside em.transactional and mark them with markForwarded before it commits.
   */
  async lockUnforwarded(since: Date, limit: number): Promise<StoredAnalyticsEvent[]> {
    const rows = await this.em.execute<{ id: string; name: string; category: string; action: string; label: string | null; occurred_at: Date; source: string }[]>(
      `select id, name, category, action, label, occurred_at, source from analytics_event
       where forwarded_at is null and occurred_at >= ? order by occurred_at limit ? for update skip locked`,
      [since.toISOString(), limit],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name as StoredAnalyticsEvent['name'],
      category: row.category,
      action: row.action,
      label: row.label,
      occurredAt: new Date(row.occurred_at).toISOString(),
      source: row.source as StoredAnalyticsEvent['source'],
    }));
  }

  async markForwarded(events: readonly Pick<StoredAnalyticsEvent, 'id' | 'occurredAt'>[], at: Date): Promise<void> {
    if (!events.length) return;
    const keys = events.map(() => '(?::timestamptz, ?::uuid)').join(', ');
    await this.em.execute(`update analytics_event set forwarded_at = ? where (occurred_at, id) in (${keys})`, [at.toISOString(), ...events.flatMap((event) => [event.occurredAt, event.id])]);
  }
}
