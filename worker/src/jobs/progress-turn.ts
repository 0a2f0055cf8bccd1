export interface ProgressReport {
  readonly done: number;
  readonly total: number;
  readonly message: string;
}

/**
 * A run's record writes, one after another, with the reports it makes in one turn of the event loop written once
 * (issue 27 point 4). A handler often reports twice with nothing between: a system check says "Redis check: done"
 * and, in the same turn, "File store check"; and "Finishing" just before it returns. A report that comes in the turn
 * in which one of the run's own record writes or reads answered "still yours" is held to the end of that turn
 * (setImmediate), answered from that answer (no I/O came between, so nothing newer could be known), and replaced by a
 * later report of the same turn; at the turn's end the latest is written and published. So a report is never written
 * later than the turn the handler made it in: no write of a run's comes while its handler waits on something else
 * (a cancel that comes then finds nothing of the run's on its way, and the next record write answers it), and a long
 * step shows the report made before it.
 *
 * At the run's end (`end`) a held report is written when the run failed (the last report before a failure is kept)
 * and dropped when it completed (its ending says done) or was cancelled; every write on its way is waited for first,
 * so no progress of the run is published after its ending.
 */
export class ProgressTurn {
  private held: ProgressReport | null = null;
  /** One of the run's record writes or reads answered "still yours" in this turn of the loop. */
  private answeredThisTurn = false;
  private writes: Promise<unknown> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly ports: {
      /** Writes and publishes a report; false when the run no longer owns its job. */
      writeProgress: (report: ProgressReport) => Promise<boolean>;
      /** A held report's write that failed at the turn's end, where no caller could hear of it. */
      failed: (error: unknown) => void;
    },
  ) {
    // Made right after the run's record was marked active: that answer is this turn's.
    this.answered(true);
  }

  /**
   * A progress report: held to the end of this turn when the run's record answered in it (`mayHold` false: never held,
   * e.g. inside a transaction of the handler's, which the turn's write would not be part of), else written now.
   * Answers whether the run still owns its job.
   */
  report(report: ProgressReport, mayHold = true): Promise<boolean> {
    if (mayHold && this.answeredThisTurn && !this.ended) {
      if (!this.held) setImmediate(() => this.writeHeld());
      this.held = report;
      return Promise.resolve(true);
    }
    // Written now; a report held in this turn is older, and goes without being written.
    this.take();
    return this.enqueue(async () => this.answered(await this.ports.writeProgress(report)));
  }

  /** A record write of the run (a checkpoint), after a held report and the writes before it. */
  write(write: () => Promise<boolean>): Promise<boolean> {
    this.writeHeld();
    return this.enqueue(async () => this.answered(await write()));
  }

  /** A read of whether the run still owns its job; its answer holds for the rest of the turn like a write's. */
  async read(read: () => Promise<boolean>): Promise<boolean> {
    return this.answered(await read());
  }

  /**
   * The run's handler returned or threw: a held report is written if `keepHeld` (the run failed), else dropped; and
   * every write on its way is waited for, so the ending is the run's last word.
   */
  async end(keepHeld: boolean): Promise<void> {
    if (keepHeld) this.writeHeld();
    else this.take();
    this.ended = true;
    await this.writes;
  }

  private answered(owned: boolean): boolean {
    if (owned && !this.answeredThisTurn) {
      this.answeredThisTurn = true;
      setImmediate(() => (this.answeredThisTurn = false));
    }
    return owned;
  }

  private enqueue<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write);
    this.writes = next.catch(() => undefined);
    return next;
  }

  private take(): ProgressReport | null {
    const held = this.held;
    this.held = null;
    return held;
  }

  private writeHeld(): void {
    const held = this.take();
    if (!held || this.ended) return;
    this.enqueue(async () => this.answered(await this.ports.writeProgress(held))).catch((error: unknown) => this.ports.failed(error));
  }
}
