import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { BarChart } from './bar-chart';
import { labelSlotWidth, LineChart } from './line-chart';
import { Sparkline } from './sparkline';

describe('LineChart', () => {
  it('draws one line per series, breaks it at a missing month, and reads every series on hover', () => {
    const { container } = render(
      <LineChart
        title="Positions"
        labels={['Jan', 'Feb', 'Mar']}
        series={[
          { id: 'a', name: 'running shoes', values: [3, null, 1] },
          { id: 'b', name: 'trail shoes', values: [8, 6, 5] },
        ]}
        formatValue={(value) => String(value)}
        invert
      />,
    );
    expect(screen.getByRole('img', { name: 'Positions' })).toBeInTheDocument();
    const paths = [...container.querySelectorAll('.chart__series path')].map((path) => path.getAttribute('d') ?? '');
    expect(paths[0]!.match(/M/g)).toHaveLength(2);
    expect(paths[1]!.match(/M/g)).toHaveLength(1);
    expect(screen.getByText('running shoes')).toBeInTheDocument();
    // Positions start at 1, not 0.
    expect([...container.querySelectorAll('.chart__grid text')].map((text) => text.textContent)[0]).toBe('1');
    fireEvent.pointerMove(container.querySelector('.chart__hit')!, { clientX: 0 });
    const tooltip = container.querySelector('.chart__tooltip')!;
    expect(tooltip).toHaveTextContent('Jan');
    expect(tooltip).toHaveTextContent('running shoes: 3');
    expect(tooltip).toHaveTextContent('trail shoes: 8');
  });
});

describe('BarChart and Sparkline', () => {
  it('draws a bar per month with a value, leaving missing months empty', () => {
    const { container } = render(<BarChart title="Paid keywords" labels={['Jan', 'Feb', 'Mar']} values={[4, null, 0]} formatValue={String} />);
    const bars = container.querySelectorAll('.chart__bar');
    expect(bars).toHaveLength(2);
    expect(bars[0]!.querySelector('title')!.textContent).toBe('Jan: 4');
  });

  it('draws a position history with its last point', () => {
    const { container } = render(<Sparkline positions={[null, 12, 8, 3]} label="History" />);
    expect(screen.getByRole('img', { name: 'History' })).toBeInTheDocument();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
  });
});

describe('labelSlotWidth', () => {
  it('gives a label room for its text and a gap, at least the old 64 px', () => {
    expect(labelSlotWidth(['Jan', 'Feb'])).toBe(64);
    expect(labelSlotWidth(['12:15 PM', '08:16 PM'])).toBe(76);
    expect(labelSlotWidth([])).toBe(64);
  });
});
