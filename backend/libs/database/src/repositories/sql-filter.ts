/** A where clause built from the filters a query was given: each one given narrows the rows (the admin searches). */
export class SqlFilter {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `clause` (with one `?`) for a given value; an absent value (undefined) narrows nothing. */
  narrow(clause: string, value: unknown): this {
    if (value === undefined) return this;
    this.clauses.push(clause);
    this.params.push(value);
    return this;
  }

  /** `column = ?` for each given query field named in `columns`. */
  equal<Query extends object>(query: Query, columns: Partial<Record<keyof Query, string>>): this {
    for (const [field, column] of Object.entries(columns) as [keyof Query, string][]) this.narrow(`${column} = ?`, query[field]);
    return this;
  }

  /** A time column between two optional ISO times (both ends included). */
  between(column: string, from: string | undefined, to: string | undefined): this {
    return this.narrow(`${column} >= ?::timestamptz`, isoOrNone(from)).narrow(`${column} <= ?::timestamptz`, isoOrNone(to));
  }

  get where(): string {
    return this.clauses.length ? `where ${this.clauses.join(' and ')}` : '';
  }
}

/** An ISO time filter's value for SQL, or undefined when absent. */
export const isoOrNone = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);
