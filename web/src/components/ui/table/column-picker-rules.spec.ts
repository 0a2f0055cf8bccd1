import { describe, expect, it } from '@jest/globals';
import {
  initialColumns,
  matchTypeChangeError,
  pickColumn,
  tooFewColumnsMessage,
  tooManyColumnsMessage,
  withMatchType,
} from './column-picker-rules';

const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('column picker rules', () => {
  it('adds a column in table order', () => {
    expect(pickColumn(['c', 'a'], 'b', true, order)).toEqual({ visible: ['a', 'b', 'c'], error: null });
  });

  it('refuses a sixth column (at most 5)', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(pickColumn(five, 'f', true, order)).toEqual({ visible: five, error: tooManyColumnsMessage });
  });

  it('refuses to hide the last column (at least 1)', () => {
    expect(pickColumn(['d'], 'd', false, order)).toEqual({ visible: ['d'], error: tooFewColumnsMessage });
    expect(pickColumn(['d', 'a'], 'd', false, order)).toEqual({ visible: ['a'], error: null });
  });

  it('does nothing when the column is already in the asked state', () => {
    expect(pickColumn(['a'], 'a', true, order)).toEqual({ visible: ['a'], error: null });
    expect(pickColumn(['a', 'b', 'c', 'd', 'e'], 'g', false, order).error).toBeNull();
  });

  it('lets a match type change only for a visible column, with the documented message', () => {
    expect(matchTypeChangeError(['keyword'], { key: 'keyword', label: 'Keyword' })).toBeNull();
    expect(matchTypeChangeError(['volume'], { key: 'adKeyword', label: 'Ad keyword' })).toBe(
      'Add Ad keyword to your columns (above) before you adjust the match type.',
    );
  });

  it('writes keywords in the notation of each match type', () => {
    expect(withMatchType('running shoes', 'broad')).toBe('running shoes');
    expect(withMatchType('running shoes', 'phrase')).toBe('"running shoes"');
    expect(withMatchType('running shoes', 'exact')).toBe('[running shoes]');
  });

  it('starts from the wanted columns within the limits', () => {
    expect(initialColumns(order, ['g', 'a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(initialColumns(order, [])).toEqual(['a']);
  });
});
