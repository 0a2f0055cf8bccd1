/**
 * analytics_event's monthly partitions (range on occurred_at, UTC months): their names and DDL. Written out here,
 * not as a database function, so the schema stays fully described by the entities and the migrations.
 */

/** analytics_event_y2026m12 for any time in December 2026 (UTC). */
export function analyticsPartitionName(month: Date): string {
  return `analytics_event_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of the UTC month `offset` months after the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** Creates the partition of the month holding `month`, if missing. */
export function analyticsPartitionSql(month: Date): string {
  const start = monthStart(month);
  const next = monthStart(month, 1);
  return `create table if not exists "${analyticsPartitionName(start)}" partition of "analytics_event" for values from ('${start.toISOString()}') to ('${next.toISOString()}')`;
}

/** The month of a partition's name, or null for a name of another shape. */
export function monthOfAnalyticsPartition(name: string): Date | null {
  const match = /^analytics_event_y(\d{4})m(\d{2})$/.exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}
