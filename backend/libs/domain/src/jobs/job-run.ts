/**
 * What a job's service gets from the run that calls it (the worker's JobContext): the attempt that fences its files,
 * progress that answers whether the run still owns the job, and a checkpoint that survives a crash. Services take
 * this port, so the worker's processors only read the job's record and call them.
 */
export interface JobRun {
  /** 1 on the first run; the fencing token too: files a run makes carry it in their name. */
  readonly attempt: number;
  /** What the last attempt saved with saveCheckpoint, or null. */
  readonly checkpoint: Record<string, unknown> | null;
  /** Records progress; false once this run no longer owns the job (cancelled, or taken over), and the work stops. */
  progress(done: number, total: number, message: string): Promise<boolean>;
  /** One indexed read of the job's record: false once this run no longer owns it. */
  stillActive(): Promise<boolean>;
  /** False (nothing saved) once this run no longer owns the job. */
  saveCheckpoint(checkpoint: Record<string, unknown>): Promise<boolean>;
}

/** Thrown by a job's work that saw its job cancelled: the run ends without a result and without failing. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled');
    this.name = 'JobCancelledError';
  }
}
