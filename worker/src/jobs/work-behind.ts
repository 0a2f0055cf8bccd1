/**
 * Work that runs behind a job, one task after another, while the job goes on (a Search Console sync lands a finished
 * month while it fetches the next one). A task's failure skips the tasks after it and is thrown to the job at its
 * next `check()` or when it waits with `finished()` — never left as an unhandled rejection.
 */
export class WorkBehind {
  private tail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  /** Queues a task after those already queued; throws an earlier task's failure instead. */
  add(task: () => Promise<void>): void {
    this.check();
    this.tail = this.tail.then(async () => {
      if (this.failure) return;
      try {
        await task();
      } catch (error) {
        this.failure = { error };
      }
    });
  }

  /** Throws the failure of a task that has already failed. */
  check(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Waits for every queued task; throws the first failure. */
  async finished(): Promise<void> {
    await this.tail;
    this.check();
  }
}
