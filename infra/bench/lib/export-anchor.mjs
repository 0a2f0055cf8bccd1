// @ts-check
import { prepareExport, scopeBuiltQuery, sqlFromPg, viewerScopedSql } from '@serpwise/research';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sqlForCopy } from './psql-timing.mjs';

/**
 * The settings the export worker runs its statement under (TableExports: JIT off), for psql too: the anchor is the
 * same statement run the same way, so neither side gains or loses by a planner setting.
 */
export const exportStatementOptions = '-c jit=off';

/**
 * The anchor of an export figure: the very statement the worker streams for this export, literals inlined for psql's
 * `\copy` — the table's every-row statement (prepareExport: with what a page adds per batch computed in it, so psql
 * writes the same rows and columns as the file holds, less the two provenance cells), scoped to the exporting user
 * as the worker scopes it (scopeBuiltQuery; its preparing reads too, viewerScopedSql, as TableExports does: some
 * tables ask the viewer's own figures while preparing).
 * @param {import('pg').Pool} pool @param {string} table @param {Record<string, unknown>} params @param {string} userId
 */
export async function exportAnchorSql(pool, table, params, userId) {
  const prepared = await prepareExport(viewerScopedSql(sqlFromPg(pool), () => userId), /** @type {any} */ (table), params);
  if (!prepared.query) return null;
  const scoped = scopeBuiltQuery(prepared.query, userId);
  return sqlForCopy(scoped.sql, scoped.params);
}

/** The id of the account a bench client signed up (fullUserClient). @param {import('pg').Pool} pool @param {string} email */
export async function userIdOf(pool, email) {
  const { rows } = await pool.query('select id from app_user where email = $1', [email]);
  if (!rows[0]) throw new Error(`no account ${email}`);
  return String(rows[0].id);
}

/**
 * psql's `\copy (<sql>) to '<file>' with (format csv, header)` under the worker's settings; wall time of the psql
 * process in ms.
 * @param {string} databaseUrl @param {string} copySql @param {string} file
 */
export async function psqlCopyMs(databaseUrl, copySql, file) {
  const started = performance.timeOrigin + performance.now();
  const psql = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${copySql}) to '${file}' with (format csv, header)`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PGOPTIONS: [process.env.PGOPTIONS, exportStatementOptions].filter(Boolean).join(' ') },
  });
  const [code] = await once(psql, 'exit');
  if (code !== 0) throw new Error(`psql \\copy failed (exit ${code})`);
  return performance.timeOrigin + performance.now() - started;
}
