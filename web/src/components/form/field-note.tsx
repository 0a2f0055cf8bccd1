import type { ReactNode } from 'react';

/** Under a field: its error when it has one, else its hint; ids `${id}-error` / `${id}-hint` for aria-describedby. */
export function FieldNote({ id, error, hint }: { id: string; error?: ReactNode; hint?: ReactNode }) {
  if (error) {
    return (
      <p className="field__error" id={`${id}-error`}>
        {error}
      </p>
    );
  }
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}
