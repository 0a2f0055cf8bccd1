import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { useDismiss } from './use-dismiss';

function Menu({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  useDismiss(open, root, onDismiss);
  return (
    <div>
      <div ref={root}>
        <button type="button">inside</button>
      </div>
      <button type="button">outside</button>
    </div>
  );
}

describe('useDismiss', () => {
  it('closes an open panel on Escape or a press outside it, not on a press inside', () => {
    const onDismiss = jest.fn();
    const view = render(<Menu open onDismiss={onDismiss} />);
    fireEvent.mouseDown(view.getByText('inside'));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseDown(view.getByText('outside'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it('listens only while open', () => {
    const onDismiss = jest.fn();
    const view = render(<Menu open={false} onDismiss={onDismiss} />);
    fireEvent.mouseDown(view.getByText('outside'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
