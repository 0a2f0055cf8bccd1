import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { listenForViewerLevels, openWarehousePool, PlainViewers, viewerScopedSql, type PlainViewersListener, type Sql, type WarehousePool } from '@serpwise/research';
import { ENVIRONMENT } from '@serpwise/platform';
import { researchRequest, researchViewer } from './research-viewer.js';

/**
 * The research layer's port for its hot fixed-shape statements (domain overview, suggestions): a node-postgres
 * pool of its own on DATABASE_URL (or DATABASE_READ_URL, the read replica, when set), where named statements run prepared (plan made once per connection).
 * MikroORM's em.execute plans every statement anew, which alone made the overview ~2× slower than psql.
 * Everything else stays on WAREHOUSE_SQL (MikroORM); both ports answer the same value types.
 */
export const PREPARED_WAREHOUSE_SQL = Symbol('PREPARED_WAREHOUSE_SQL');
export type PreparedWarehouseSql = Sql;

/** Owns the pool: opened with the module, closed on application shutdown. */
@Injectable()
export class PreparedWarehousePool implements Sql, OnApplicationShutdown {
  private readonly pool: WarehousePool;
  /** Reads what the request's user may see; the viewer is a parameter, so a named statement keeps one text. */
  private readonly sql: Sql;
  /**
   * The pool itself, unscoped, when it is on the primary (no read replica): where the MikroORM ports of the same
   * database probe the viewer's level (viewerScopedSql's `levelSql`), so that named statement runs prepared too.
   * Null with a replica: a port on the primary must not read its viewer's level a moment old.
   */
  readonly primaryLevelSql: Sql | null;
  /**
   * The viewers found at level 'plain', kept between requests while the primary's level notices are heard
   * (plain-viewers.ts): a research request of a user who owns nothing skips the probe. Null with a replica, where a
   * probe could read a level older than the notice that made it forgotten.
   */
  readonly plainViewers: PlainViewers | null;
  private readonly levelListener: PlainViewersListener | null;

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    // Its statements read the warehouse only: on the read replica when there is one.
    this.pool = openWarehousePool(environment.DATABASE_READ_URL ?? environment.DATABASE_URL, { max: environment.DATABASE_RESEARCH_POOL_MAX });
    this.primaryLevelSql = environment.DATABASE_READ_URL ? null : this.pool.sql;
    this.plainViewers = this.primaryLevelSql ? new PlainViewers() : null;
    // PostgreSQL itself: DATABASE_URL may go through a transaction-mode pooler, which does not carry LISTEN.
    const listenUrl = environment.DATABASE_LISTEN_URL ?? environment.DATABASE_URL;
    this.levelListener = this.plainViewers ? listenForViewerLevels(listenUrl, this.plainViewers) : null;
    this.sql = viewerScopedSql(this.pool.sql, researchViewer, researchRequest, this.pool.sql, this.plainViewers ?? undefined);
  }

  query<T extends object>(text: string, params?: readonly unknown[], name?: string): Promise<T[]> {
    return this.sql.query<T>(text, params, name);
  }

  /** Whether the server this pool reads (the read replica, when there is one) answers: /healthz asks. */
  async ping(): Promise<void> {
    await this.pool.sql.query('select 1');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.levelListener?.close();
    await this.pool.close();
  }
}

export const preparedWarehouseSqlProvider: Provider = { provide: PREPARED_WAREHOUSE_SQL, useClass: PreparedWarehousePool };
