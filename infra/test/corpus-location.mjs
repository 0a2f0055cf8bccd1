// @ts-check
// Where the second test corpus lives: the real files of ../shared/fixtures, next to the repository (CI has them).
// SERPWISE_SHARED_DIR points elsewhere; a missing path stands for a plain clone. Read by infra/test/corpus.ts and
// by the corpus project's global set-up.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const sharedDir = process.env.SERPWISE_SHARED_DIR ?? fileURLToPath(new URL('../../../shared/', import.meta.url));
export const corpusDir = join(sharedDir, 'fixtures');
export const hasCorpus = existsSync(corpusDir);
export const corpusSkippedLine = `corpus: skipped, no real-file corpus at ${corpusDir} (put ../shared next to the repository, or set SERPWISE_SHARED_DIR)`;
