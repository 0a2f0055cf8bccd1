import { type RefObject, useEffect, useRef } from 'react';

/** Closes an open menu or panel on Escape or on a mouse press outside its root element. */
export function useDismiss(open: boolean, root: RefObject<Element | null>, onDismiss: () => void) {
  // The latest callback, so that a new closure each render does not re-subscribe the listeners.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss.current();
    };
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss.current();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root]);
}
