/**
 * The one thing research queries need from a database: run SQL with `?` placeholders and get rows back. The
 * backend passes MikroORM's EntityManager (em.execute); scripts and tests pass a node-postgres pool.
 */
export interface Sql {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/** Replaces each `?` with $1, $2 … for node-postgres. Research SQL never uses `?` for anything else. */
export function toNumberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

interface PgLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function sqlFromPg(client: PgLike): Sql {
  return {
    query: async <T extends object>(text: string, params: readonly unknown[] = []) =>
      (await client.query(toNumberedPlaceholders(text), [...params])).rows as T[],
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
