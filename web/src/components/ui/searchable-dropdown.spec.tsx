import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SearchableDropdown, dropdownChoices } from './searchable-dropdown';

const groups = ['Brand terms', 'Competitors', 'Long tail', 'Questions', 'Seasonal', 'Shoes', 'Socks'];
const optionTexts = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('dropdownChoices', () => {
  it('offers at most 5 suggestions by default, matching anywhere and ignoring case', () => {
    expect(dropdownChoices(groups, '').suggestions).toEqual(groups.slice(0, 5));
    expect(dropdownChoices(groups, 'S').suggestions).toHaveLength(5);
    expect(dropdownChoices(groups, 'so').suggestions).toEqual(['Seasonal', 'Socks']);
    expect(dropdownChoices(groups, 's', { limit: 2 }).suggestions).toEqual(['Brand terms', 'Competitors']);
  });

  it("offers '(create new)' only for trimmed, non-empty text that matches no option exactly, ignoring case", () => {
    const create = (text: string) => dropdownChoices(groups, text, { allowCreate: true }).create;
    expect(create('  Sock  ')).toBe('Sock');
    expect(create('socks')).toBeNull();
    expect(create('  SOCKS ')).toBeNull();
    expect(create('   ')).toBeNull();
    expect(create('')).toBeNull();
    expect(dropdownChoices(groups, 'Sock').create).toBeNull(); // creating not allowed
  });
});

describe('SearchableDropdown', () => {
  it('filters while typing and picks with the arrow keys and Enter', async () => {
    const onSelect = jest.fn<(value: string) => void>();
    render(<SearchableDropdown label="Group" options={groups} onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Group' });
    await userEvent.click(box);
    expect(optionTexts()).toHaveLength(5);
    await userEvent.type(box, 'o');
    expect(optionTexts()).toEqual(['Competitors', 'Long tail', 'Questions', 'Seasonal', 'Shoes']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Long tail' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Long tail' }).id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last
    expect(screen.getByRole('option', { name: 'Shoes' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Shoes');
    expect(box).toHaveValue('Shoes');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("offers '(create new)' for new text and creates it with Enter", async () => {
    const onCreate = jest.fn<(text: string) => void>();
    const onSelect = jest.fn<(value: string) => void>();
    render(<SearchableDropdown label="Group" options={groups} onSelect={onSelect} onCreate={onCreate} />);
    const box = screen.getByRole('combobox', { name: 'Group' });
    await userEvent.type(box, '  Sandals ');
    expect(optionTexts()).toEqual(['Sandals (create new)']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onCreate).toHaveBeenCalledWith('Sandals');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("leaves '(create new)' out when the text names an option exactly, in any case", async () => {
    render(<SearchableDropdown label="Group" options={groups} onSelect={() => {}} onCreate={() => {}} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Group' }), 'SOCKS');
    expect(optionTexts()).toEqual(['Socks']);
  });

  it('picks an option with the mouse, and closes on Escape', async () => {
    const onSelect = jest.fn<(value: string) => void>();
    render(<SearchableDropdown label="Group" options={groups} onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Group' });
    await userEvent.type(box, 'ques');
    await userEvent.click(screen.getByRole('option', { name: 'Questions' }));
    expect(onSelect).toHaveBeenCalledWith('Questions');
    await userEvent.type(box, 'x');
    await userEvent.clear(box);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
