import { describe, expect, it } from '@jest/globals';
import { environmentSchema } from '@serpwise/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/deployment.md and the README's configuration table are what an operator types from: a variable they name that
 * the app does not read is ignored silently, and a default they state that the code does not use misleads the sizing.
 * Checked against the environment schema (backend/libs/contracts/src/config/environment.ts).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const shape = environmentSchema.in.shape;
const compose = read('docker-compose.yml');

/** Names in the docs that are not the app's settings, and where they live instead. */
const notAppSettings = {
  // docker-compose.yml's own (interpolated from .env) and its services' images' settings
  WEB_PORT: 'compose',
  POSTGRES_PASSWORD: 'compose',
  MIGRATE_DATABASE_URL: 'compose',
  MINIO_ROOT_USER: 'compose',
  MINIO_ROOT_PASSWORD: 'compose',
  PGBOUNCER_POOL_SIZE: 'compose',
  PGBOUNCER_MAX_DB_CONNECTIONS: 'compose',
  MAX_CLIENT_CONN: 'compose',
  MAX_DB_CONNECTIONS: 'compose',
  MAX_PREPARED_STATEMENTS: 'compose',
  POOL_MODE: 'compose',
  DEFAULT_POOL_SIZE: 'compose',
  RESERVE_POOL_SIZE: 'compose',
  // Docker Compose's own
  COMPOSE_PROJECT_NAME: 'docker',
  // the AWS SDK's default credential chain (S3 without keys)
  AWS_ACCESS_KEY_ID: 'aws',
  AWS_SECRET_ACCESS_KEY: 'aws',
  AWS_SESSION_TOKEN: 'aws',
  AWS_PROFILE: 'aws',
  // a code name (the research SQL provider), not a variable
  WAREHOUSE_SQL: 'code',
};

/** Every `NAME` or `NAME=value` in backticks. */
const namedVariables = (text) => [...new Set([...text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)].map((match) => match[1]))];

const schemaDefault = (name) => {
  const parsed = shape[name].safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
};

/**
 * [variable, stated default] for every row of a table with a "default" column whose default is a plain value
 * (`10`, `false`, `https://…`, or `5`, `20`, `200` for `A`, `_B`, `_C`); prose defaults ("unset", "2 × …") are skipped.
 */
function statedDefaults(text) {
  const pairs = [];
  let column = -1;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      column = -1;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (cells.includes('default')) {
      column = cells.indexOf('default');
      continue;
    }
    if (column < 0 || /^-+$/.test(cells[0])) continue;
    const before = cells.slice(0, column).join(' ');
    const first = before.match(/`([A-Z][A-Z0-9_]+)`/)?.[1];
    if (!first) continue;
    // `ASSISTANT_QUESTIONS_PER_HOUR_VISITOR`, `_FREE`, `_FULL`: the short ones replace the first one's last part.
    const names = [...before.matchAll(/`(_?[A-Z][A-Z0-9_]*)`/g)].map(([, name]) => (name.startsWith('_') ? first.replace(/_[A-Z0-9]+$/, name) : name));
    const values = cells[column].split(/,\s+|\s+\/\s+/).map((value) => value.replace(/`/g, '').trim().split(/\s+/)[0]);
    if (values.length !== names.length && values.length !== 1) continue;
    names.forEach((name, index) => {
      const value = values[values.length === 1 ? 0 : index];
      if (/^(\d+|true|false|https?:\/\/\S+|[a-z]+)$/.test(value) && !['unset', 'derived'].includes(value)) pairs.push([name, value]);
    });
  }
  return pairs;
}

/** The README's "Configuration" section (its other sections name the test suite's variables). */
const readmeConfiguration = () => {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Configuration');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
};
const documents = [
  ['docs/deployment.md', () => read('docs/deployment.md')],
  // its table (the lines below it name the launcher's and the tests' own variables, as such)
  ['README.md, "Configuration"', () => readmeConfiguration().split('\n').filter((line) => line.startsWith('|')).join('\n')],
];

describe.each(documents)('%s', (_path, textOf) => {
  const text = textOf();

  it('names only variables the app reads (or says whose they are)', () => {
    const unknown = namedVariables(text).filter((name) => !shape[name] && !notAppSettings[name]);
    expect(unknown).toEqual([]);
  });

  it('states the defaults the code uses', () => {
    const pairs = statedDefaults(text).filter(([name]) => shape[name] && schemaDefault(name) !== undefined);
    expect(pairs.length).toBeGreaterThan(5);
    const wrong = pairs.filter(([name, value]) => String(schemaDefault(name)) !== value).map(([name, value]) => `${name}: docs ${value}, code ${schemaDefault(name)}`);
    expect(wrong).toEqual([]);
  });
});

describe('the names the docs give for compose settings', () => {
  it.each(Object.entries(notAppSettings).filter(([, where]) => where === 'compose').map(([name]) => name))('%s is one docker-compose.yml uses', (name) => {
    expect(compose).toContain(name);
  });
});

describe("the README's configuration table", () => {
  const readme = readmeConfiguration();

  it('lists every variable the app reads', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    const listed = (name) =>
      readme.includes(`\`${name}\``) ||
      // `LIVE_DATA_*` in a row, or `A_FREE`, `_FULL` shorthand
      rows.some((row) => [...row.matchAll(/`([A-Z][A-Z0-9_]*)\*`/g)].some(([, prefix]) => name.startsWith(prefix))) ||
      rows.some((row) => row.includes(`\`${name.replace(/^.*(_[A-Z0-9]+)$/, '$1')}\``) && row.includes(`\`${name.replace(/_[A-Z0-9]+$/, '_')}`));
    expect(Object.keys(shape).filter((name) => !listed(name))).toEqual([]);
  });
});
