import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { analyticsEvents, analyticsJobName, analyticsLabelProblem, type AnalyticsEventName, type AnalyticsEventRecord } from '@serpwise/contracts';

export interface AnalyticsRecorderLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Records analytics events (docs/product/analytics.md) by adding them to the analytics queue; the worker writes them
 * to PostgreSQL in batches. Recording never fails or slows the user's action: record() does not wait, and an event
 * that cannot be queued (Redis away) is logged and dropped. A label that is not on the event's list is refused
 * here (it could carry personal data) and logged.
 */
export class AnalyticsRecorder {
  constructor(
    private readonly queue: () => Queue,
    private readonly log: AnalyticsRecorderLog,
    /** False while Redis is away (the API's fail-fast connection): the event is dropped at once instead of waiting. */
    private readonly isAvailable: () => boolean = () => true,
  ) {}

  /** Records the event in the background. */
  record(name: AnalyticsEventName, label: string | null = null, source: AnalyticsEventRecord['source'] = 'server'): void {
    void this.recordNow(name, label, source);
  }

  /** Records the event; true once it is on the queue. Never throws. */
  async recordNow(name: AnalyticsEventName, label: string | null = null, source: AnalyticsEventRecord['source'] = 'server'): Promise<boolean> {
    const problem = analyticsLabelProblem(name, label);
    if (problem) {
      this.log.warn({ event: name, problem }, 'analytics event refused');
      return false;
    }
    const { category, action } = analyticsEvents[name];
    const event: AnalyticsEventRecord = { id: randomUUID(), name, category, action, label, occurredAt: new Date().toISOString(), source };
    try {
      if (!this.isAvailable()) throw new Error('Redis is not connected');
      await this.queue().add(analyticsJobName, event, {
        jobId: event.id,
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        // The event lives on in analytics_event; a failed one stays a week for the admin to see.
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      return true;
    } catch (error) {
      this.log.warn({ event: name, err: error }, 'analytics event could not be queued');
      return false;
    }
  }
}
