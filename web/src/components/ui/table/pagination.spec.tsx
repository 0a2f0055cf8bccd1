import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { clampStartRow, nextWindow, Pagination, previousWindow, type PageWindow } from './pagination';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

const setup = (window: PageWindow = { startRow: 1, pageSize: 20 }, totalRows = 95) => {
  const onChange = jest.fn<(window: PageWindow) => void>();
  const view = render(<Pagination {...window} totalRows={totalRows} onChange={onChange} noun="keywords" />);
  return { onChange, view };
};

describe('Pagination', () => {
  it('offers the documented page sizes, 20 by default', () => {
    setup();
    const select = screen.getByLabelText('Rows per page');
    expect(select).toHaveValue('20');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['20', '50', '100', '250', '500', '1000']);
    expect(screen.getByText(/1–20 of 95 keywords/)).toBeInTheDocument();
  });

  it('waits 500 ms after the last click before asking for the page, so three fast clicks make one request', () => {
    const { onChange } = setup();
    const next = screen.getByRole('button', { name: 'Next page' });
    fireEvent.click(next);
    fireEvent.click(next);
    act(() => jest.advanceTimersByTime(300));
    fireEvent.click(next);
    // The range follows at once.
    expect(screen.getByText(/61–80 of 95/)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(499));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ startRow: 61, pageSize: 20 });
  });

  it('starts again at row 1 when the page size changes', () => {
    const { onChange } = setup({ startRow: 41, pageSize: 20 });
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledWith({ startRow: 1, pageSize: 100 });
  });

  it('keeps the start row at 1 or more and within the table', () => {
    const { onChange } = setup();
    const field = screen.getByLabelText('Start at row');
    fireEvent.change(field, { target: { value: '0' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onChange).not.toHaveBeenCalled(); // clamped to 1 = where it already is
    fireEvent.change(field, { target: { value: '500' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onChange).toHaveBeenLastCalledWith({ startRow: 95, pageSize: 20 });
    expect(clampStartRow(-3, 95)).toBe(1);
    expect(clampStartRow(Number.NaN, 95)).toBe(1);
    expect(clampStartRow(12.7, 95)).toBe(12);
    expect(clampStartRow(5, 0)).toBe(1);
  });

  it('disables previous on the first page and next on the last', () => {
    setup({ startRow: 81, pageSize: 20 }, 95);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByText(/81–95 of 95/)).toBeInTheDocument();
    expect(previousWindow({ startRow: 5, pageSize: 20 })).toEqual({ startRow: 1, pageSize: 20 });
    expect(nextWindow({ startRow: 81, pageSize: 20 }, 95)).toEqual({ startRow: 81, pageSize: 20 });
  });
});
