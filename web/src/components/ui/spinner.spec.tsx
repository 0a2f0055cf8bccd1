import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it.each([
    ['x-small', 16],
    ['small', 24],
    ['medium', 60],
    ['large', 84],
  ] as const)('is %s at %i px', (size, pixels) => {
    render(<Spinner size={size} label="Exporting" />);
    const spinner = screen.getByRole('status', { name: 'Exporting' });
    expect(spinner).toHaveStyle({ width: `${pixels}px`, height: `${pixels}px` });
    expect(spinner).toHaveClass(`ui-spinner--${size}`);
  });

  it('is small (24 px) and says Loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveStyle({ width: '24px' });
  });
});
