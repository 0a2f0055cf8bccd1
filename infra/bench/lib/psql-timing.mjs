// @ts-check
import { spawn } from 'node:child_process';

/**
 * Runs statements one after another in a single psql session with `\timing on` and returns psql's own figure for
 * each ("Time: 1.234 ms": sent, executed, and the result read back by psql) — the anchor "the same SQL in psql".
 * Results are discarded (\o /dev/null) so printing them costs nothing.
 * @param {string} databaseUrl
 * @param {string[]} statements complete statements with literal values, no trailing semicolon needed
 * @returns {Promise<number[]>} milliseconds, one per statement
 */
export function psqlTimings(databaseUrl, statements) {
  return new Promise((resolve, reject) => {
    const psql = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    psql.stdout.on('data', (chunk) => (output += chunk));
    psql.stderr.on('data', (chunk) => (errors += chunk));
    psql.on('error', (error) => reject(new Error(`psql could not start (is it installed and on the PATH?): ${error.message}`)));
    psql.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`psql failed (exit ${code}): ${errors.trim()}`));
      const times = [...output.matchAll(/^Time: ([\d.]+) ms/gm)].map((match) => Number(match[1]));
      if (times.length !== statements.length) return reject(new Error(`psql printed ${times.length} timings for ${statements.length} statements`));
      resolve(times);
    });
    psql.stdin.end(['\\o /dev/null', '\\timing on', ...statements.map((statement) => `${statement.trim().replace(/;$/, '')};`)].join('\n') + '\n');
  });
}

/** Replaces each `?` placeholder with a quoted literal (research SQL uses `?` for nothing else). */
export function inlineParameters(/** @type {string} */ sql, /** @type {unknown[]} */ params) {
  let index = 0;
  return sql.replace(/\?/g, () => {
    const value = params[index++];
    if (typeof value === 'number') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * A research statement made ready for psql's `\copy (…)`, which takes one line: its `--` comments dropped (first: a
 * comment may hold a `?`, and on one line it would swallow the rest), the `?` placeholders inlined as literals, the
 * whitespace collapsed. Quoted literals in the statement are left as they are.
 * @param {string} sql @param {unknown[]} params
 */
export function sqlForCopy(sql, params) {
  const withoutComments = sql.replace(/('(?:[^']|'')*')|--[^\n]*/g, (match, quoted) => quoted ?? ' ');
  return inlineParameters(withoutComments, params).replace(/\s+/g, ' ').trim();
}
