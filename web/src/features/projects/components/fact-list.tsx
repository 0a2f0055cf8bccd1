import type { ReactNode } from 'react';

/** One fact of a panel's detail list: what it is and its value. */
export type Fact = readonly [label: string, value: ReactNode];

/** The side panel's list of facts (a group's numbers, an import's counts, a link's or contact's details). */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="msf-group-details">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
