import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidIdProperty } from './row-properties.js';

/**
 * One analytics event (docs/product/analytics.md): name, category, action and label, when, and whether the forwarder
 * has sent it on. No user, session or address: the events are counted, never traced back to a person.
 * Partitioned by month on occurred_at (range, one partition per month, created ahead by the worker:
 * analytics-partitions.ts). The partitioning is written by hand in the migration; MikroORM sees the parent table only.
 */
export const AnalyticsEventSchema = defineEntity({
  name: 'AnalyticsEvent',
  tableName: 'analytics_event',
  properties: {
    occurredAt: p.datetime().primary(),
    ...uuidIdProperty(),
    name: p.string().length(64),
    category: p.string().length(64),
    action: p.string().length(64),
    label: p.string().length(200).nullable(),
    /** 'server' or 'client' (sent by the browser through the documented call). */
    source: p.string().length(8),
    /** When the forwarder's collector accepted it; null: not sent (yet, or no forwarder). */
    forwardedAt: p.datetime().nullable(),
  },
  indexes: [
    { properties: ['name', 'occurredAt'] },
    {
      name: 'analytics_event_unforwarded_index',
      expression: `create index "analytics_event_unforwarded_index" on "analytics_event" ("occurred_at") where "forwarded_at" is null`,
    },
  ],
});

export type AnalyticsEvent = InferEntity<typeof AnalyticsEventSchema>;
