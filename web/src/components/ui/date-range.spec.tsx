import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DateRange } from './date-range';

type Range = { start: Date; end: Date; text: string } | null;

describe('DateRange', () => {
  it("shows a valid range like 'MMM Do, YYYY' and hands it to its owner", async () => {
    const onChange = jest.fn<(range: Range) => void>();
    render(<DateRange legend="Report period" defaultStart="01/05/2026" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Report period' })).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await userEvent.type(screen.getByLabelText('End date'), '02/01/2026');
    expect(screen.getByRole('status')).toHaveTextContent('Jan 5th, 2026 – Feb 1st, 2026');
    expect(onChange).toHaveBeenLastCalledWith({ start: new Date(2026, 0, 5), end: new Date(2026, 1, 1), text: 'Jan 5th, 2026 – Feb 1st, 2026' });
  });

  it('shows the invalid-date message once the box is left', async () => {
    render(<DateRange legend="Report period" defaultEnd="02/01/2026" />);
    const start = screen.getByLabelText('Start date');
    await userEvent.type(start, '02/30/2026');
    expect(screen.queryByText("This doesn't appear to be a valid date.")).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText("This doesn't appear to be a valid date.")).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says the end must come after the start, and hands null to its owner', async () => {
    const onChange = jest.fn<(range: Range) => void>();
    render(<DateRange legend="Report period" defaultStart="02/01/2026" onChange={onChange} />);
    const end = screen.getByLabelText('End date');
    await userEvent.type(end, '01/05/2026');
    await userEvent.tab();
    expect(screen.getByText('The end date must be after the start date.')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('marks an emptied box invalid without a message', async () => {
    render(<DateRange legend="Report period" defaultStart="01/05/2026" defaultEnd="02/01/2026" />);
    const start = screen.getByLabelText('Start date');
    await userEvent.clear(start);
    await userEvent.tab();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText("This doesn't appear to be a valid date.")).not.toBeInTheDocument();
  });
});
