/**
 * The entry of a CPU pool thread (cpu-pool.ts): runs one task at a time as the main thread asks, and answers its
 * result or its error. No relative imports and erasable TypeScript only, on purpose: the pool starts it from the
 * built .js in production and from this .ts under the tests, which Node runs with its own type stripping (packages
 * such as @serpwise/reports resolve to their build either way).
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { ReportData, ReportPlan, ReportRequest } from '@serpwise/reports';

/** A task's name and input, as the pool posts it, with the number its answer carries back. */
interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
}

const tasks: Record<string, (input: never) => unknown> = {
  /** The system check's compute step: `rounds` chained SHA-256 digests (hex) of `seed`, the last one answered. */
  sha256Chain: ({ seed, rounds }: { seed: string; rounds: number }): string => {
    let digest = seed;
    for (let round = 0; round < rounds; round += 1) digest = createHash('sha256').update(digest).digest('hex');
    return digest;
  },
  /** A PDF report drawn from its gathered data; loaded on first use, so threads that only hash never load PDFKit. */
  drawReport: async ({ request, data, plan }: { request: ReportRequest; data: ReportData; plan: ReportPlan }): Promise<Uint8Array> => {
    const { renderReportFromData } = await import('@serpwise/reports');
    // A logo's bytes arrive as a plain Uint8Array (a structured clone); the PDF engine reads images from a Buffer.
    const logo = request.branding.kind === 'white-label' ? request.branding.logo : null;
    if (logo) logo.data = Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength);
    const chunks: Buffer[] = [];
    for await (const chunk of renderReportFromData(request, data, plan)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
};

parentPort!.on('message', async ({ id, task, input }: TaskMessage) => {
  try {
    const run = tasks[task];
    if (!run) throw new Error(`The CPU pool has no task ${task}`);
    parentPort!.postMessage({ id, ok: true, value: await run(input as never) });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
