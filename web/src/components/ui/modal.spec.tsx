import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';

function Owner({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Export"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>Choose a format</p>
        <input aria-label="File name" />
        <button type="button">Export</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('closes on Escape and gives focus back to what opened it', async () => {
    render(<Owner />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Export' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('File name')).toHaveFocus();
    expect(document.body).toHaveClass('ui-modal-open');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body).not.toHaveClass('ui-modal-open');
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const onClose = jest.fn();
    render(<Owner onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByText('Choose a format'));
    await userEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button, and keeps Tab inside the dialog', async () => {
    render(<Owner />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.tab(); // File name → Export
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    await userEvent.tab(); // wraps to the first control, the close button
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes only the top one of two open modals on Escape', async () => {
    const outer = jest.fn();
    const inner = jest.fn();
    render(
      <>
        <Modal open title="Outer" onClose={outer}>
          <p>outer</p>
        </Modal>
        <Modal open title="Inner" onClose={inner}>
          <p>inner</p>
        </Modal>
      </>,
    );
    await userEvent.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    render(
      <Modal open={false} title="Hidden" onClose={() => {}}>
        <p>secret</p>
      </Modal>,
    );
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});
