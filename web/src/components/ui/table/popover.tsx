import { useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../use-dismiss';

/**
 * A small toolbar popover (button + panel) for the table kit: closes on Escape or a click outside. Local to the
 * table kit until the shared widgets offer one.
 */
export function Popover({ label, children, className = '' }: { label: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useDismiss(open, root, () => setOpen(false));

  return (
    <div className={`popover ${className}`} ref={root}>
      <button type="button" className="button button--small popover__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <div className="popover__panel" id={panelId}>
          {children}
        </div>
      )}
    </div>
  );
}
