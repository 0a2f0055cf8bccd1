/**
 * Runs a push at a steady pace while changes come in (issue 23 point 6): a change starts one at once if the last one
 * started `intervalMs` ago or more, else when that interval is up; never two at once; a change that comes in while a
 * push runs gets a push of its own after it (it may have been read too early). Push starts are spaced from each
 * other's start, not from each other's end, so a slow push does not stretch the pace by its own length.
 */
export class PacedPush {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private changedWhileRunning = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly push: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Something moved: a push is due (at once, or when the interval since the last start is up). */
  changed(): void {
    if (this.stopped) return;
    if (this.running) {
      this.changedWhileRunning = true;
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastStart + this.intervalMs - this.now());
    this.timer = setTimeout(() => void this.run(), wait);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.running = true;
    this.lastStart = this.now();
    try {
      await this.push();
    } finally {
      this.running = false;
      if (this.changedWhileRunning) {
        this.changedWhileRunning = false;
        this.changed();
      }
    }
  }
}
