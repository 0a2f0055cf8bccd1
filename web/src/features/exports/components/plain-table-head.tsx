import type { ReactNode } from 'react';

/**
 * The header row of the exports pages' plain tables (scheduled reports, their delivery history, rank alerts): one
 * column head per name, and with `actions` a last column whose head only screen readers read ('Actions').
 */
export function PlainTableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A row's details (its history) in a row of their own under it, across all `span` columns; nothing while hidden. */
export function PlainTableDetailRow({ shown, span, className, children }: { shown: boolean; span: number; className?: string; children: ReactNode }) {
  if (!shown) return null;
  return (
    <tr className={className}>
      <td colSpan={span}>{children}</td>
    </tr>
  );
}
