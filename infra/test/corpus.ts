import { describe } from '@jest/globals';
import { join } from 'node:path';
import { corpusDir, hasCorpus } from './corpus-location.mjs';

/**
 * The second test corpus: the real files written by others in ../shared/fixtures (corpus-location.mjs says where).
 * Tests with `corpus` in their path run against it when it is there and are skipped when it is not; the corpus
 * project's set-up then prints one line saying so.
 */
export { corpusDir, hasCorpus };

/** The path of a corpus file, by its path under ../shared/fixtures. */
export const corpusPath = (path: string): string => join(corpusDir, path);

/** `describe` when the corpus is there, else `describe.skip` (the tests show as skipped, nothing fails). */
export const describeCorpus = (hasCorpus ? describe : describe.skip) as typeof describe;
