import { describe } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The second test corpus: the real files written by others in ../shared/fixtures (next to the repository; CI has it).
 * SERPWISE_SHARED_DIR points elsewhere (a missing path simulates a plain clone). Tests with `corpus` in their path
 * run against it when it is there and are skipped when it is not; `npm test` then says so in one line.
 */
export const sharedDir = process.env.SERPWISE_SHARED_DIR ?? fileURLToPath(new URL('../../../shared/', import.meta.url));
export const corpusDir = join(sharedDir, 'fixtures');
export const hasCorpus = existsSync(corpusDir);

/** The path of a corpus file, by its path under ../shared/fixtures. */
export const corpusPath = (path: string): string => join(corpusDir, path);

/** `describe` when the corpus is there, else `describe.skip` (the tests show as skipped, nothing fails). */
export const describeCorpus: typeof describe = hasCorpus ? describe : describe.skip;
