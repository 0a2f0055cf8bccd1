import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { TextareaWithCounter } from './textarea-with-counter';

function Owner({ maxLength, limit, initial = '' }: { maxLength?: number; limit?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <TextareaWithCounter label="Keywords" value={value} onChange={setValue} maxLength={maxLength} limit={limit} />;
}

describe('TextareaWithCounter', () => {
  it('counts against 1770 by default and says so at the limit', () => {
    render(<Owner />);
    const box = screen.getByLabelText('Keywords');
    expect(box).toHaveAttribute('maxlength', '1770');
    expect(screen.getByText('0/1770')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(1769) } });
    expect(screen.getByText('1769/1770')).not.toHaveTextContent('The max number of characters is');
    fireEvent.change(box, { target: { value: 'a'.repeat(1770) } });
    expect(screen.getByText(/^1770\/1770/)).toHaveTextContent('The max number of characters is 1770');
  });

  it('cuts a longer paste at the limit', () => {
    render(<Owner />);
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: 'b'.repeat(2000) } });
    expect(screen.getByLabelText('Keywords')).toHaveValue('b'.repeat(1770));
  });

  it('takes another limit, counting as the user types', async () => {
    render(<Owner maxLength={10} />);
    await userEvent.type(screen.getByLabelText('Keywords'), 'running shoes');
    expect(screen.getByLabelText('Keywords')).toHaveValue('running sh');
    expect(screen.getByText(/^10\/10/)).toHaveTextContent('The max number of characters is 10');
  });

  it('has no limit and no counter when not limiting', () => {
    render(<Owner limit={false} />);
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: 'c'.repeat(2000) } });
    expect(screen.getByLabelText('Keywords')).toHaveValue('c'.repeat(2000));
    expect(screen.queryByText(/\/1770/)).not.toBeInTheDocument();
  });
});
