import { projectMessages } from '@serpwise/contracts';
import type { ReactNode } from 'react';
import { ConfirmModal } from '@/components/ui/modal';
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
    <ConfirmModal
      open={open}
      title={projectMessages.areYouSure}
      confirmLabel={
        <>
          {deleting && <Spinner size="x-small" label="Deleting" />}
          {confirmText}
        </>
      }
      busy={deleting}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{text}</p>
    </ConfirmModal>
  );
}
