import pg from 'pg';

/**
 * Viewers last found at level 'plain' (they own no figures and share no team data: viewer-scope.ts), kept between
 * requests so that their research reads skip the level probe, one round trip of every request (issue 27: the domain
 * overview against psql). Trusted only while a listener hears every write that could raise a level
 * (Migration20261210020000_viewer_level_notify: a NOTIFY at commit); each one forgets them all. A probe that began
 * before a write's notice is not remembered after it (the version check), so no viewer stays 'plain' on an old answer.
 */
export class PlainViewers {
  private readonly viewers = new Set<string>();
  private changes = 0;
  private hearing = false;

  /** Whether the writes that raise a level are heard now (else every request probes). */
  get heard(): boolean {
    return this.hearing;
  }

  /** Whether the viewer is known to read at 'plain' now. */
  has(viewer: string): boolean {
    return this.hearing && this.viewers.has(viewer);
  }

  /** Taken before a probe and handed to remember() after it. */
  get version(): number {
    return this.changes;
  }

  /** A probe begun at `version` found the viewer at 'plain'. */
  remember(viewer: string, version: number): void {
    if (!this.hearing || version !== this.changes) return;
    if (this.viewers.size >= 100_000) this.viewers.clear();
    this.viewers.add(viewer);
  }

  /** A write may have raised someone's level. */
  forget(): void {
    this.changes += 1;
    this.viewers.clear();
  }

  /** Whether the writes are heard: while they are not (the listener's connection is down), nothing is kept. */
  setHearing(hearing: boolean): void {
    this.hearing = hearing;
    this.forget();
  }
}

/** The channel the migration's triggers notify. */
export const viewerLevelChannel = 'research_viewer_level';

/** The listener's connection as pg_stat_activity names it. */
export const viewerLevelsApplicationName = 'serpwise viewer levels';

export interface PlainViewersListener {
  close(): Promise<void>;
}

/**
 * Listens on its own connection for `research_viewer_level` and keeps `viewers` in step: forgotten on each notice,
 * not trusted while the connection is down (reconnected after `retryMs`), and forgotten every `forgetEveryMs` anyway,
 * so that a connection that died without a word (no 'end' or 'error') leaves a level at most that old.
 */
export function listenForViewerLevels(
  databaseUrl: string,
  viewers: PlainViewers,
  options: { retryMs?: number; forgetEveryMs?: number } = {},
): PlainViewersListener {
  const retryMs = options.retryMs ?? 1_000;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const sweep = setInterval(() => viewers.forget(), options.forgetEveryMs ?? 60_000);
  sweep.unref();

  const down = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = null;
    viewers.setHearing(false);
    dropped.removeAllListeners('notification');
    dropped.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
  };

  const connect = () => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: viewerLevelsApplicationName });
    client = next;
    next.on('notification', () => viewers.forget());
    next.on('error', () => down(next));
    next.on('end', () => down(next));
    next
      .connect()
      .then(() => next.query(`listen ${viewerLevelChannel}`))
      // Heard from here on: what was written before is read by the next probe of each viewer.
      .then(() => {
        if (client === next) viewers.setHearing(true);
      })
      .catch(() => down(next));
  };

  connect();
  return {
    async close() {
      closed = true;
      clearInterval(sweep);
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      viewers.setHearing(false);
      await open?.end().catch(() => undefined);
    },
  };
}
