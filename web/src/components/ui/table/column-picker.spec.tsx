import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { ColumnPicker, type PickerColumn } from './column-picker';
import type { MatchType } from './column-picker-rules';

const columns: PickerColumn[] = [
  { key: 'adKeyword', label: 'Ad keyword', matchTypes: true },
  { key: 'volume', label: 'Volume' },
  { key: 'cpc', label: 'CPC' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'value', label: 'Value' },
  { key: 'difficulty', label: 'Difficulty' },
];

function Harness({ initial }: { initial: string[] }) {
  const [visible, setVisible] = useState(initial);
  const [matchType, setMatchType] = useState<MatchType>('broad');
  return (
    <>
      <ColumnPicker columns={columns} visible={visible} onVisibleChange={setVisible} matchTypeOf={() => matchType} onMatchTypeChange={(_, type) => setMatchType(type)} />
      <output>{`${visible.join(',')};${matchType}`}</output>
    </>
  );
}

const open = () => userEvent.click(screen.getByRole('button', { name: /Columns/ }));

describe('ColumnPicker', () => {
  it('shows and hides columns in table order and counts them', async () => {
    render(<Harness initial={['cpc', 'volume']} />);
    expect(screen.getByRole('button', { name: 'Columns (2/5)' })).toBeInTheDocument();
    await open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Difficulty' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Volume' }));
    expect(screen.getByRole('status')).toHaveTextContent('cpc,difficulty;broad');
  });

  it('refuses a sixth column and the removal of the last one, saying why', async () => {
    render(<Harness initial={['volume', 'cpc', 'clicks', 'value', 'difficulty']} />);
    await open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ad keyword' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You can show at most 5 columns.');
    expect(screen.getByRole('checkbox', { name: 'Ad keyword' })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('volume,cpc,clicks,value,difficulty;');
  });

  it('keeps at least one column', async () => {
    render(<Harness initial={['clicks']} />);
    await open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clicks' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Keep at least one column.');
    expect(screen.getByRole('checkbox', { name: 'Clicks' })).toBeChecked();
  });

  it('changes a match type only for a visible column', async () => {
    render(<Harness initial={['volume']} />);
    await open();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ad keyword match type' }), 'exact');
    expect(screen.getByRole('alert')).toHaveTextContent('Add Ad keyword to your columns (above) before you adjust the match type.');
    expect(screen.getByRole('status')).toHaveTextContent(';broad');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ad keyword' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ad keyword match type' }), 'exact');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('adKeyword,volume;exact');
  });

  it('closes on Escape', async () => {
    render(<Harness initial={['volume']} />);
    await open();
    expect(screen.getByRole('checkbox', { name: 'Volume' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: 'Volume' })).not.toBeInTheDocument();
  });
});
