import { describe, expect, it } from '@jest/globals';
import { spreadText } from './import-spread';

describe('spreadText', () => {
  it('says how a Search Console export was spread over its months', () => {
    const months = ['2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'];
    expect(spreadText('daily', months)).toBe("Spread over 6 months (Apr 2026 – Sep 2026) by the export's daily clicks and impressions.");
    expect(spreadText('even', months)).toBe('Spread evenly over 6 months (Apr 2026 – Sep 2026) by their days: the export has no daily table.');
    expect(spreadText('single-month', ['2026-09-01'])).toBe('All in Sep 2026: the export covers one month.');
    expect(spreadText(null, ['2026-09-01'])).toBeNull();
  });
});
