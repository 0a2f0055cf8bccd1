import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PercentageGauge, gaugePercent } from './percentage-gauge';

describe('PercentageGauge', () => {
  it('shows the value as a percentage and fills the ring to it', () => {
    const { container } = render(<PercentageGauge label="Keyword difficulty" value={42} />);
    const gauge = screen.getByRole('meter', { name: 'Keyword difficulty' });
    expect(gauge).toHaveAttribute('aria-valuenow', '42');
    expect(gauge).toHaveTextContent('42%');
    expect(container.querySelector('.ui-gauge__fill')).toHaveAttribute('stroke-dasharray', '42 100');
  });

  it('holds the value between 0 and 100 and rounds it', () => {
    expect([gaugePercent(-5), gaugePercent(0), gaugePercent(33.6), gaugePercent(100), gaugePercent(250)]).toEqual([0, 0, 34, 100, 100]);
    expect([gaugePercent(Number.NaN), gaugePercent(null), gaugePercent(undefined), gaugePercent(Infinity)]).toEqual([0, 0, 0, 0]);
    render(<PercentageGauge label="Share" value={140} />);
    expect(screen.getByRole('meter', { name: 'Share' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('draws no fill at 0 %', () => {
    const { container } = render(<PercentageGauge label="None" value={-3} />);
    expect(screen.getByRole('meter', { name: 'None' })).toHaveTextContent('0%');
    expect(container.querySelector('.ui-gauge__fill')).toBeNull();
  });
});
