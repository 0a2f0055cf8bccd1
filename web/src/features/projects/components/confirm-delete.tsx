import { projectMessages } from '@serpwise/contracts';
import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';

/** The delete modal (docs/product/projects.md §4): 'Are you absolutely sure?', Cancel and a red confirm button with a spinner while deleting. */
export function ConfirmDelete({
  open,
  text,
  confirmText,
  deleting,
  onConfirm,
  onClose,
}: {
  open: boolean;
  text: ReactNode;
  confirmText: string;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={projectMessages.areYouSure}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={deleting}>
            {deleting && <Spinner size="x-small" label="Deleting" />}
            {confirmText}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
