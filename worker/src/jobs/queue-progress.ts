/**
 * A run's progress as the queue keeps it (BullMQ's `job.progress`, read by the admin console twice a second at most):
 * written at most once every `everyMs`, the latest report only, and not at all for a run that ends sooner (issue 27
 * point 4). Every report used to be written at once: a Lua call and an entry on the queue's event stream, which every
 * QueueEvents listener then reads, ten times over for a system check that lasts 60 ms. The job record and the
 * owner's events still get every report; this is only the console's copy. A write that fails is reported, never
 * thrown to the job: the console shows older progress, the job goes on.
 */
export class QueueProgress<P> {
  private latest: { progress: P } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writes: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly write: (progress: P) => Promise<unknown>,
    private readonly everyMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** The run's latest progress: written when the interval since the first report not yet written is up. */
  report(progress: P): void {
    if (this.ended) return;
    this.latest = { progress };
    this.timer ??= setTimeout(() => this.flush(), this.everyMs);
  }

  /** The run ended: nothing more is written, and a write on its way is waited for (none lands after the job ends). */
  async end(): Promise<void> {
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.latest = null;
    await this.writes;
  }

  private flush(): void {
    this.timer = null;
    const latest = this.latest;
    this.latest = null;
    if (!latest || this.ended) return;
    // One after another: a slow write is never overtaken by the next one.
    this.writes = this.writes.then(() => this.write(latest.progress)).then(
      () => undefined,
      (error: unknown) => this.failed(error),
    );
  }
}
