import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A small toolbar popover (button + panel) for the table kit: closes on Escape or a click outside. Local to the
 * table kit until the shared widgets offer one.
 */
export function Popover({ label, children, className = '' }: { label: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

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
