import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A small modal for the paywall's own dialogs: closes on Escape or a click on the backdrop (01-product.md §4),
 * takes focus while open and gives it back when closed. Local until the shared modal widget lands.
 */
export function SimpleModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="simple-modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="simple-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={dialog}>
        <header className="simple-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="simple-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
