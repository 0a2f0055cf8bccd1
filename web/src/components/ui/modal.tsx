import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons/icon';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
}

/** Open modals, newest last: Escape closes only the top one. */
const openModals: string[] = [];

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (docs/product/account-exports-reports.md §4): closes on Escape or on a click on the backdrop (not on a click inside it). Focus moves into
 * the dialog, Tab stays inside it, and focus returns to where it was when the dialog closes.
 */
export function Modal({ open, title, onClose, children, footer, size = 'medium' }: ModalProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push(id);
    document.body.classList.add('ui-modal-open');
    const first = dialog.current?.querySelector('.ui-modal__body')?.querySelector<HTMLElement>(focusable);
    (first ?? dialog.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab' && dialog.current) {
        const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
        if (!items.length) return;
        const [head, tail] = [items[0]!, items[items.length - 1]!];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(id), 1);
      if (!openModals.length) document.body.classList.remove('ui-modal-open');
      before?.focus();
    };
  }, [open, id]);

  if (!open) return null;

  // Only a press that starts on the backdrop closes: a text selection dragged out of the dialog does not.
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className="ui-modal__backdrop" data-testid="modal-backdrop" onMouseDown={onBackdrop}>
      <div ref={dialog} className={`ui-modal ui-modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <header className="ui-modal__header">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="ui-modal__close" aria-label="Close" onClick={onClose}>
            <Icon name="close" size={18} />
          </button>
        </header>
        <div className="ui-modal__body">{children}</div>
        {footer && <footer className="ui-modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** A form modal's footer: Cancel, then the button that submits the form `formId` in the modal's body. */
export function FormModalFooter({ formId, submitLabel, disabled, onCancel }: { formId: string; submitLabel: ReactNode; disabled?: boolean; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" disabled={disabled}>
        {submitLabel}
      </button>
    </>
  );
}

/** A small modal that asks before an action that cannot be taken back: a plain button keeps things as they are, a red one goes ahead. */
export function ConfirmModal({
  open,
  title,
  keepLabel = 'Cancel',
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  keepLabel?: ReactNode;
  /** Null: the action cannot be taken now, only the keep button shows. */
  confirmLabel: ReactNode | null;
  /** While the action runs: the red button is disabled. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {keepLabel}
          </button>
          {confirmLabel === null ? null : (
            <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          )}
        </>
      }
    >
      {children}
    </Modal>
  );
}
