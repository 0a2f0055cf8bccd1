import { Inject, Injectable } from '@nestjs/common';
import { isAnalyticsEventName, type AnalyticsCountsPage, type AnalyticsCountsQuery, type AnalyticsEventCounts, type Environment } from '@serpwise/contracts';
import { AnalyticsEventRepository } from '@serpwise/database';
import { ENVIRONMENT } from '@serpwise/platform';

const dayMs = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The admin page's table: each event's count per UTC day of the range, the busiest events first. */
@Injectable()
export class AnalyticsCountsService {
  constructor(
    private readonly events: AnalyticsEventRepository,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async counts(query: AnalyticsCountsQuery, now = new Date()): Promise<AnalyticsCountsPage> {
    const to = query.to ?? (query.from ? dayOf(Date.parse(query.from) + 6 * dayMs) : dayOf(now.getTime()));
    const from = query.from ?? dayOf(Date.parse(to) - 6 * dayMs);
    const days: string[] = [];
    for (let time = Date.parse(from); time <= Date.parse(to); time += dayMs) days.push(dayOf(time));
    const rows = await this.events.countsPerDay(new Date(from), new Date(Date.parse(to) + dayMs));
    const byName = new Map<string, AnalyticsEventCounts>();
    for (const row of rows) {
      if (!isAnalyticsEventName(row.name)) continue;
      const entry = byName.get(row.name) ?? { name: row.name, category: row.category, action: row.action, counts: days.map(() => 0), total: 0 };
      const index = days.indexOf(row.day);
      if (index >= 0) entry.counts[index] = (entry.counts[index] ?? 0) + row.count;
      entry.total += row.count;
      byName.set(row.name, entry);
    }
    const events = [...byName.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    return { from, to, days, events, forwarder: this.environment.ANALYTICS_FORWARD_KIND ?? null };
  }
}
