// @ts-check
// Global set-up of the `corpus` Jest project: one line when the real-file corpus is not there (its tests are skipped).
import { corpusSkippedLine, hasCorpus } from './corpus-location.mjs';

export default function corpusSetup() {
  if (!hasCorpus) console.log(`\n${corpusSkippedLine}`);
}
