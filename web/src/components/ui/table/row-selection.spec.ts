import { describe, expect, it } from '@jest/globals';
import { headerState, toggleAll, toggleRow } from './row-selection';

describe('row selection', () => {
  it('toggles one row', () => {
    expect(toggleRow([], 'a')).toEqual(['a']);
    expect(toggleRow(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('the header selects the rest of the page, or clears the page when all of it is selected', () => {
    expect(toggleAll(['x'], ['a', 'b'])).toEqual(['x', 'a', 'b']);
    expect(toggleAll(['x', 'a'], ['a', 'b'])).toEqual(['x', 'a', 'b']);
    // Rows of other pages stay selected.
    expect(toggleAll(['x', 'a', 'b'], ['a', 'b'])).toEqual(['x']);
    expect(toggleAll(['x'], [])).toEqual(['x']);
  });

  it('reports the header checkbox state for the page', () => {
    expect(headerState([], ['a', 'b'])).toBe('none');
    expect(headerState(['a'], ['a', 'b'])).toBe('some');
    expect(headerState(['b', 'a', 'z'], ['a', 'b'])).toBe('all');
    expect(headerState(['z'], [])).toBe('none');
  });
});
