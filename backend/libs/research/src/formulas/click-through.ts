/**
 * Click-through rate by organic position, positions 1–10 from Backlinko's study of 4 million Google results
 * ("Here's What We Learned About Organic Click Through Rate", 2019/2023). Page two is not in the study:
 * 11–20 fall from 1.0 % to 0.3 % (Backlinko: 0.63 % of searchers click anything on page two); below that 0.1 %.
 */
const organicCurve = [0.276, 0.158, 0.11, 0.084, 0.063, 0.049, 0.039, 0.033, 0.027, 0.024];

export function organicCtr(position: number): number {
  if (position < 1) return 0;
  if (position <= 10) return organicCurve[position - 1]!;
  if (position <= 20) return 0.01 - ((position - 11) * 0.007) / 9;
  return 0.001;
}

/**
 * Click-through rate of a top-of-page text ad by position. The average search-ad CTR across industries is about
 * 3.2 % (WordStream Google Ads benchmarks); the first ad takes more than its share, later ones less.
 */
const paidCurve = [0.045, 0.028, 0.019, 0.014];

export function paidCtr(position: number): number {
  if (position < 1) return 0;
  return paidCurve[position - 1] ?? 0.008;
}

/** Estimated clicks of one result: volume × CTR(position), rounded. */
export const organicClicks = (volume: number, position: number) => Math.round(volume * organicCtr(position));
export const paidClicks = (volume: number, position: number) => Math.round(volume * paidCtr(position));
