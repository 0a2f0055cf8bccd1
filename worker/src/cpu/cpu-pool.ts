import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportDrawer } from '@serpwise/domain';
import type { ReportData, ReportPlan, ReportRequest } from '@serpwise/reports';

/** The tasks a pool thread knows (cpu-thread.ts), each with its input and its answer (copied as structured clones). */
export interface CpuTasks {
  sha256Chain: { input: { seed: string; rounds: number }; output: string };
  /** A PDF report drawn from its gathered data (renderReportFromData): the file's bytes. */
  drawReport: { input: { request: ReportRequest; data: ReportData; plan: ReportPlan }; output: Uint8Array };
}
export type CpuTask = keyof CpuTasks;

interface Waiting {
  id: number;
  task: CpuTask;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface PoolThread {
  worker: Worker;
  running: Waiting | null;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** The thread entry beside this module: the built .js, or under the tests (run from source) the .ts itself. */
function threadEntry(): URL {
  const built = new URL('./cpu-thread.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./cpu-thread.ts', import.meta.url);
}

/**
 * A small pool of worker threads for CPU-heavy, self-contained job work, so it does not run on the worker's one event
 * loop: there a 40 ms computation made every other job's database answers, progress and completion events wait for
 * it (docs/decisions.md, "Job work off the event loop"). Threads start when first needed, at most `size`, each running
 * one task at a time; further tasks wait in order. A thread that dies fails the task it ran and is replaced. Idle
 * threads do not keep the process alive.
 */
export class CpuPool {
  private readonly threads: PoolThread[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 0;
  private closed = false;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A CPU pool needs at least one thread (asked for ${size})`);
  }

  run<T extends CpuTask>(task: T, input: CpuTasks[T]['input']): Promise<CpuTasks[T]['output']> {
    if (this.closed) return Promise.reject(new Error('The CPU pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: (this.nextId += 1), task, input, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops every thread; a task still waiting or running fails. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error('The CPU pool is closed'));
    await Promise.all(this.threads.splice(0).map(async (thread) => {
      thread.running?.reject(new Error('The CPU pool is closed'));
      thread.running = null;
      await thread.worker.terminate();
    }));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const thread = this.threads.find((candidate) => !candidate.running) ?? (this.threads.length < this.size ? this.start() : null);
      if (!thread) return;
      const waiting = this.queue.shift()!;
      thread.running = waiting;
      // Busy: the task's answer is awaited, so the thread holds the process open until it comes.
      thread.worker.ref();
      thread.worker.postMessage({ id: waiting.id, task: waiting.task, input: waiting.input });
    }
  }

  private start(): PoolThread {
    const thread: PoolThread = { worker: new Worker(threadEntry(), { name: 'serpwise-cpu' }), running: null };
    thread.worker.unref();
    thread.worker.on('message', (answer: Answer) => {
      const waiting = thread.running;
      if (!waiting || waiting.id !== answer.id) return;
      thread.running = null;
      thread.worker.unref();
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(new Error(answer.message));
      this.dispatch();
    });
    // A thread that failed outside a task (it could not start, or ran out of memory): its task fails, a new one takes over.
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      thread.running?.reject(error);
      thread.running = null;
      if (!this.closed) this.dispatch();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`A CPU pool thread stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }
}

/** Report PDFs drawn on the pool: the same bytes as drawn on the event loop (the data arrives as a structured clone). */
export const drawReportOn = (pool: CpuPool): ReportDrawer => async (request, data, plan) => {
  const bytes = await pool.run('drawReport', { request, data, plan });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};
