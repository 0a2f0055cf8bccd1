import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, type TabItem } from './tabs';

const tabs: TabItem[] = [
  { id: 'keywords', label: 'Keywords', content: <p>Keywords panel</p> },
  { id: 'pages', label: 'Pages', content: <p>Pages panel</p> },
  { id: 'links', label: 'Backlinks', content: <p>Backlinks panel</p> },
];

const selected = () => screen.getAllByRole('tab', { selected: true }).map((tab) => tab.textContent);

describe('Tabs', () => {
  it('keeps exactly one tab active; choosing another makes it active and emits the change', async () => {
    const onChange = jest.fn<(id: string) => void>();
    render(<Tabs label="Sections" tabs={tabs} defaultActive="pages" onChange={onChange} />);
    expect(selected()).toEqual(['Pages']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Pages panel');

    await userEvent.click(screen.getByRole('tab', { name: 'Backlinks' }));
    expect(selected()).toEqual(['Backlinks']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Backlinks panel');
    expect(screen.queryByText('Pages panel')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('links');

    // Choosing the active tab again is not a change.
    await userEvent.click(screen.getByRole('tab', { name: 'Backlinks' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('chooses the first visible tab when none is active, and tells the owner', () => {
    const onChange = jest.fn<(id: string) => void>();
    render(<Tabs label="Sections" tabs={[{ ...tabs[0]!, hidden: true }, tabs[1]!, tabs[2]!]} active={null} onChange={onChange} />);
    expect(screen.queryByRole('tab', { name: 'Keywords' })).not.toBeInTheDocument();
    expect(selected()).toEqual(['Pages']);
    expect(onChange).toHaveBeenCalledWith('pages');
  });

  it('moves to the first visible tab when the active one is hidden', () => {
    const { rerender } = render(<Tabs label="Sections" tabs={tabs} active="keywords" />);
    expect(selected()).toEqual(['Keywords']);
    rerender(<Tabs label="Sections" tabs={[{ ...tabs[0]!, hidden: true }, tabs[1]!, tabs[2]!]} active="keywords" />);
    expect(selected()).toEqual(['Pages']);
  });

  it('follows the owner when controlled', async () => {
    function Owner() {
      const [active, setActive] = useState('keywords');
      return (
        <>
          <Tabs label="Sections" tabs={tabs} active={active} onChange={setActive} />
          <button type="button" onClick={() => setActive('links')}>
            Show links
          </button>
        </>
      );
    }
    render(<Owner />);
    await userEvent.click(screen.getByRole('button', { name: 'Show links' }));
    expect(selected()).toEqual(['Backlinks']);
  });

  it('slides the panel left for a tab further right, right for a tab further left', async () => {
    render(<Tabs label="Sections" tabs={tabs} defaultActive="keywords" />);
    expect(screen.getByRole('tabpanel')).toHaveAttribute('data-slide', 'none');
    await userEvent.click(screen.getByRole('tab', { name: 'Backlinks' }));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('data-slide', 'left');
    await userEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('data-slide', 'right');
  });

  it('moves with the arrow keys, Home and End, skipping disabled tabs', async () => {
    render(<Tabs label="Sections" tabs={[tabs[0]!, { ...tabs[1]!, disabled: true }, tabs[2]!]} defaultActive="keywords" />);
    screen.getByRole('tab', { name: 'Keywords' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Backlinks']);
    expect(screen.getByRole('tab', { name: 'Backlinks' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Keywords']);
    await userEvent.keyboard('{End}');
    expect(selected()).toEqual(['Backlinks']);
    await userEvent.keyboard('{Home}');
    expect(selected()).toEqual(['Keywords']);
  });
});
