/** First day of a month as 'YYYY-MM-DD'. */
export type MonthStart = string;

/** organic_rank_y2026m01 for '2026-01-01' (matches warehousePartitionPattern in orm.config.ts). */
export function organicRankPartitionName(month: MonthStart): string {
  const [year, monthNumber] = month.split('-');
  return `organic_rank_y${year}m${monthNumber}`;
}

/**
 * The DDL that creates organic_rank's partition for one month, if missing. Written out here, not as a database
 * function, so the schema stays fully described by the entities and the migrations.
 */
export function organicRankPartitionSql(month: MonthStart): string {
  if (!/^\d{4}-\d{2}-01$/.test(month)) throw new Error(`Not the first day of a month: ${month}`);
  const start = new Date(`${month}T00:00:00Z`);
  const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  return `create table if not exists "${organicRankPartitionName(month)}" partition of "organic_rank" for values from ('${month}') to ('${next}')`;
}
