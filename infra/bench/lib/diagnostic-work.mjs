// @ts-check
/**
 * The per-job work of a system-check diagnostic without the app around it (issue 27 point 4): the steps of
 * worker/src/processors/diagnostic.processor.ts — one PostgreSQL read, a Redis write/read/delete, a file written, read
 * back and removed, 20,000 SHA-256 rounds in slices, the DIAGNOSTIC_STEP_MS pause after each step — on plain pg,
 * ioredis and fs, with no job record, progress, checkpoint or event. The queues bench runs it in a bare BullMQ
 * worker as the anchor of the app's throughput. Keep it in step with the processor's steps.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToOthers, setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {{ jobId: string, pool: import('pg').Pool, redis: import('ioredis').Redis, keyPrefix: string, folder: string, stepMs?: number }} work
 * @returns {Promise<number>} the steps done
 */
export async function diagnosticWork({ jobId, pool, redis, keyPrefix, folder, stepMs = 0 }) {
  const steps = [
    async () => {
      await pool.query(`select current_setting('server_version') as version, (select count(*) from job_record)::text as jobs`);
    },
    async () => {
      const key = `${keyPrefix}:diagnostic:${jobId}`;
      await redis.set(key, jobId, 'EX', 60);
      if ((await redis.get(key)) !== jobId) throw new Error('Redis returned a different value than was written');
      await redis.del(key);
    },
    async () => {
      const file = join(folder, `${jobId}.txt`);
      await mkdir(folder, { recursive: true });
      await writeFile(file, `diagnostic ${jobId}`);
      if ((await readFile(file, 'utf8')) !== `diagnostic ${jobId}`) throw new Error('The file store returned different content');
      await rm(file);
    },
    async () => {
      let digest = jobId;
      for (let round = 0; round < 20_000; round += 1) {
        digest = createHash('sha256').update(digest).digest('hex');
        if (round % 1_000 === 999) await yieldToOthers();
      }
    },
    async () => undefined,
  ];
  for (const step of steps) {
    await step();
    await sleep(stepMs);
  }
  return steps.length;
}
