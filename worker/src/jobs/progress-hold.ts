export interface ProgressReport {
  readonly done: number;
  readonly total: number;
  readonly message: string;
}

/**
 * A run's record writes, one after another, with its progress reports batched (issue 27 point 4): a report that comes
 * within `holdMs` of the run's last record write is held, and written with the run's next write (a checkpoint, a later
 * report) or once `holdMs` is up — so a job reporting many times a second (a system check: ten reports and five
 * checkpoints in 60 ms) writes its record a few times, not fifteen. Nothing is published for a held report until it
 * is written (the record before the event, as always). A held report still answers whether the run owns its job, by a
 * primary-key read instead of a write, so a cancel is seen as soon as it was before. At the run's end a held report is
 * dropped: the ending writes the record anyway.
 */
export class ProgressHold {
  private held: ProgressReport | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The run is made right after its record was marked active: that was its first write. */
  private lastWriteAt: number;
  private writes: Promise<unknown> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly ports: {
      /** Writes and publishes a report; false when the run no longer owns its job. */
      writeProgress: (report: ProgressReport) => Promise<boolean>;
      /** Whether the run still owns its job, without writing (one primary-key read). */
      stillOwned: () => Promise<boolean>;
      /** A held report's write that failed on its own (from the timer), where no caller could hear of it. */
      failed: (error: unknown) => void;
    },
    private readonly holdMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastWriteAt = now();
  }

  /**
   * A progress report: written now, or held if the run wrote its record under holdMs ago (`mayHold` false: never held,
   * e.g. inside a transaction of the handler's, which a later write from the timer could outlive). Answers whether
   * the run still owns its job.
   */
  async report(report: ProgressReport, mayHold = true): Promise<boolean> {
    if (mayHold && !this.ended && this.now() - this.lastWriteAt < this.holdMs) {
      this.held = report;
      this.timer ??= setTimeout(() => this.writeHeld(), Math.max(0, this.lastWriteAt + this.holdMs - this.now()));
      return this.ports.stillOwned();
    }
    return this.write(() => this.ports.writeProgress(report));
  }

  /**
   * A record write of the run (a checkpoint), after the writes before it; `held` is the report waiting to be written,
   * which this write is to carry (it is no longer held).
   */
  write<T>(write: (held: ProgressReport | null) => Promise<T>): Promise<T> {
    const next = this.writes.then(() => {
      const held = this.take();
      return write(held).finally(() => (this.lastWriteAt = this.now()));
    });
    this.writes = next.catch(() => undefined);
    return next;
  }

  /** The run's handler returned or threw: the held report is dropped, and a write on its way waited for. */
  async end(): Promise<void> {
    this.ended = true;
    this.take();
    await this.writes;
  }

  private take(): ProgressReport | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const held = this.held;
    this.held = null;
    return held;
  }

  private writeHeld(): void {
    this.timer = null;
    if (!this.held || this.ended) return;
    this.write((held) => (held ? this.ports.writeProgress(held) : Promise.resolve(true))).catch((error: unknown) => this.ports.failed(error));
  }
}
