import { beforeEach, describe, expect, it } from '@jest/globals';
import { changeMatchType, keywordColumnsFor, loadColumnChoice, saveColumnChoice, toggleColumn } from './columns';

const order = (context: 'keywords' | 'groups' | 'labels') => keywordColumnsFor(context).map((column) => column.id);

describe('keyword universe columns (docs/product/projects.md §2, §5)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the documented defaults; the keywords context adds groups (shown) and labels (hidden)', () => {
    expect(loadColumnChoice('groups').visible).toEqual(['costPerClick', 'monthlySearches', 'currentRank', 'clickChange']);
    expect(loadColumnChoice('keywords').visible).toEqual(['costPerClick', 'monthlySearches', 'currentRank', 'clickChange', 'groups']);
    expect(order('keywords')).toContain('labels');
    expect(order('labels')).not.toContain('groups');
  });

  it('refuses a sixth column and the last one with the documented messages', () => {
    const five = loadColumnChoice('keywords');
    const sixth = toggleColumn(five, 'labels', true, order('keywords'));
    expect(sixth.error).toBe('You may only have 5 columns displayed at a time');
    expect(sixth.choice).toBe(five);
    let one = { visible: ['clickChange'], matchTypes: {} };
    const none = toggleColumn(one, 'clickChange', false, order('groups'));
    expect(none.error).toBe('You must have at least one column displayed');
    one = toggleColumn(one, 'rankingDifficulty', true, order('groups')).choice;
    expect(one.visible).toEqual(['clickChange', 'rankingDifficulty']);
  });

  it('changes a match type only for a visible column', () => {
    const choice = loadColumnChoice('groups');
    const cpc = keywordColumnsFor('groups').find((column) => column.id === 'costPerClick')!;
    expect(changeMatchType(choice, cpc, 'exact').choice.matchTypes).toEqual({ costPerClick: 'exact' });
    const hidden = toggleColumn(choice, 'costPerClick', false, order('groups')).choice;
    expect(changeMatchType(hidden, cpc, 'phrase').error).toBe('Add Cost per click to your columns (above) before you adjust the match type.');
  });

  it('keeps visibility per context', () => {
    saveColumnChoice('labels', { visible: ['rankingDifficulty'], matchTypes: {} });
    expect(loadColumnChoice('labels').visible).toEqual(['rankingDifficulty']);
    expect(loadColumnChoice('groups').visible).toHaveLength(4);
  });
});
