import type { EntityManager } from '@mikro-orm/postgresql';
import { AnalyticsEventRepository } from '@serpwise/database';
import type { Logger } from 'pino';
import { sendToCollector, type CollectorSettings } from './collector-requests.js';

/** Events older than this are not sent any more (recorded while no forwarder was set, or the collector was away a week). */
export const forwardWindowMs = 7 * 86_400_000;
const batchSize = 100;

/**
 * Sends recorded events on to the configured collector (docs/product/analytics.md "Forwarding"). It reads what is
 * already in analytics_event, so recording never waits for it and a collector that is down loses nothing: the events
 * stay unforwarded and the next round (after each written batch, and every interval) sends them.
 */
export class AnalyticsForwarder {
  private running: Promise<number> | null = null;
  private again = false;
  private failing = false;

  constructor(
    private readonly em: () => EntityManager,
    private readonly settings: CollectorSettings,
    private readonly logger: Logger,
  ) {}

  /** A round now, or right after the one under way. */
  nudge(): void {
    if (this.running) this.again = true;
    else void this.forwardOnce();
  }

  /** Waits for the round under way, if any (at stop). */
  async settled(): Promise<void> {
    this.again = false;
    await this.running;
  }

  /** Sends every unforwarded event of the window, batch by batch, until none is left or the collector refuses; how many went. */
  forwardOnce(): Promise<number> {
    this.running ??= this.rounds().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
    return this.running;
  }

  private async rounds(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const batch = await this.em().transactional(async (em) => {
          const events = new AnalyticsEventRepository(em);
          const pending = await events.lockUnforwarded(new Date(Date.now() - forwardWindowMs), batchSize);
          if (!pending.length) return { pending: 0, accepted: 0 };
          const accepted = await sendToCollector(this.settings, pending);
          await events.markForwarded(accepted, new Date());
          return { pending: pending.length, accepted: accepted.length };
        });
        sent += batch.accepted;
        if (batch.pending < batchSize || batch.accepted < batch.pending) break;
      }
      if (this.failing) this.logger.info({ collector: this.settings.kind }, 'analytics collector reachable again');
      this.failing = false;
    } catch (error) {
      // One line per outage, not one per round.
      if (!this.failing) this.logger.warn({ err: error, collector: this.settings.kind }, 'analytics events not forwarded; kept and tried again');
      this.failing = true;
    }
    return sent;
  }
}
