export interface Fetched<I, R> {
  item: I;
  result: R;
}

/**
 * Runs an async step over items in order, one at a time, ahead of the one taking the results: up to `ahead` results
 * wait to be taken, so the step (a request to Google) goes on while the taker works (keeps the days in the database).
 * A failure of the step is thrown by take() once the results before it are taken, never left unhandled.
 */
export class FetchAhead<I, R> {
  private readonly ready: Fetched<I, R>[] = [];
  private failure: { error: unknown } | null = null;
  private ended = false;
  private stopped = false;
  private wakeTaker: (() => void) | null = null;
  private wakeStep: (() => void) | null = null;

  constructor(items: readonly I[], step: (item: I) => Promise<R>, private readonly ahead: number) {
    void this.run(items, step);
  }

  /** Waits for the next result, then takes it and those ready after it (`max` at most); [] once every item is taken. */
  async take(max = Number.POSITIVE_INFINITY): Promise<Fetched<I, R>[]> {
    while (!this.ready.length && !this.ended) await new Promise<void>((resolve) => (this.wakeTaker = resolve));
    if (!this.ready.length && this.failure) throw this.failure.error;
    const taken = this.ready.splice(0, max);
    this.wake('step');
    return taken;
  }

  /** No step starts after the one running (the taker stopped: cancelled, failed). */
  stop(): void {
    this.stopped = true;
    this.wake('step');
  }

  private async run(items: readonly I[], step: (item: I) => Promise<R>): Promise<void> {
    try {
      for (const item of items) {
        while (this.ready.length >= this.ahead && !this.stopped) await new Promise<void>((resolve) => (this.wakeStep = resolve));
        if (this.stopped) return;
        this.ready.push({ item, result: await step(item) });
        this.wake('taker');
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.ended = true;
      this.wake('taker');
    }
  }

  private wake(who: 'taker' | 'step'): void {
    const resolve = who === 'taker' ? this.wakeTaker : this.wakeStep;
    if (who === 'taker') this.wakeTaker = null;
    else this.wakeStep = null;
    resolve?.();
  }
}
