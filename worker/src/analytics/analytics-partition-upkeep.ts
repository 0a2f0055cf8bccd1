import type { EntityManager } from '@mikro-orm/postgresql';
import { AnalyticsEventRepository } from '@serpwise/database';
import type { Logger } from 'pino';

/** Partitions made ahead of time: this month's and the next two (a worker down over a month's turn still finds one). */
export const partitionsAhead = 2;

/**
 * analytics_event's monthly partitions: creates the coming months' and drops the ones past retention
 * (ANALYTICS_RETENTION_MONTHS, 0 keeps all). Run at start and daily; both steps are idempotent.
 */
export async function keepAnalyticsPartitions(em: EntityManager, retentionMonths: number, logger: Logger, now = new Date()): Promise<void> {
  const events = new AnalyticsEventRepository(em);
  await events.ensurePartitions(now, partitionsAhead);
  if (retentionMonths > 0) {
    const dropped = await events.dropPartitionsBefore(now, retentionMonths);
    if (dropped.length) logger.info({ dropped }, 'analytics partitions past retention dropped');
  }
}
