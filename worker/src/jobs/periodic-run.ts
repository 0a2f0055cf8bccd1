/**
 * Runs a task now and then every intervalMs until stopped. The timer does not keep the process alive, and a failed
 * run is only reported: the next one runs anyway (a sweep that fails once, say while the database restarts, heals).
 */
export class PeriodicRun {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  startEvery(intervalMs: number): void {
    const tick = () => void this.task().catch(this.onFailure);
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
