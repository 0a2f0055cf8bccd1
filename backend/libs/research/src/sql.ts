/**
 * The one thing research queries need from a database: run SQL with `?` placeholders and get rows back. The
 * backend passes MikroORM's EntityManager (em.execute) for most queries and its prepared-statement pool
 * (openWarehousePool) for the hot fixed-shape ones; scripts and tests pass a node-postgres pool.
 */
export interface Sql {
  /**
   * `name` marks a fixed-shape hot statement (one text, only its parameters vary; names are unique per text): a
   * node-postgres Sql runs it as a named prepared statement, planned once per connection and then reused, the
   * way psql's repeated statements are as fast as they are. Other Sqls ignore it.
   */
  query<T extends object>(text: string, params?: readonly unknown[], name?: string): Promise<T[]>;
}

/** Replaces each `?` with $1, $2 … for node-postgres. Research SQL never uses `?` for anything else. */
export function toNumberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

interface PgLike {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
}

export function sqlFromPg(client: PgLike): Sql {
  /** Named statements are a handful of fixed texts (never dynamic SQL), so each is renumbered once. */
  const namedTexts = new Map<string, string>();
  const numberedOnce = (text: string) => {
    let numbered = namedTexts.get(text);
    if (numbered === undefined) namedTexts.set(text, (numbered = toNumberedPlaceholders(text)));
    return numbered;
  };
  return {
    query: async <T extends object>(text: string, params: readonly unknown[] = [], name?: string) =>
      (await client.query(name ? { name, text: numberedOnce(text), values: [...params] } : { text: toNumberedPlaceholders(text), values: [...params] })).rows as T[],
  };
}

interface ExecuteLike {
  execute(query: string, params?: unknown[]): Promise<unknown>;
}

export function sqlFromEntityManager(em: ExecuteLike): Sql {
  return { query: async <T extends object>(text: string, params: readonly unknown[] = []) => (await em.execute(text, [...params])) as T[] };
}

/** Escapes % _ and \ for a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
