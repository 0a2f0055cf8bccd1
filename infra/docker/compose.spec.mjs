import { describe, expect, it } from '@jest/globals';
import { environmentSchema, importMaxBytes } from '@serpwise/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * docker-compose.yml is checked here because nothing on the development machines can run Docker: against the Compose
 * Specification's JSON schema (infra/docker/compose-spec.json, vendored: see compose-spec.README.md), and for what
 * the deployment needs (docs/deployment.md, "Docker Compose").
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const schema = JSON.parse(read('infra/docker/compose-spec.json'));
// Merge keys (`<<: *app-env`) as Compose reads them.
const compose = parse(read('docker-compose.yml'), { merge: true });
const services = compose.services;
const environmentOf = (service) => services[service].environment;

function validateCompose(document) {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  return validate(document) ? [] : validate.errors.map((error) => `${error.instancePath} ${error.message}`);
}

describe('docker-compose.yml', () => {
  it('follows the Compose Specification schema', () => {
    expect(validateCompose(compose)).toEqual([]);
  });

  it('is refused by the schema check when it breaks the specification', () => {
    expect(validateCompose({ services: { web: { image: 'nginx', containr_name: 'web' } } })).toEqual(["/services/web must NOT have additional properties"]);
    expect(validateCompose({ services: { web: { image: 'nginx', depends_on: { db: { condition: 'when_ready' } } } } }).length).toBeGreaterThan(0);
    expect(validateCompose({ services: { web: { image: 'nginx', healthcheck: { test: ['CMD', 'true'], every: '10s' } } } }).length).toBeGreaterThan(0);
  });

  it('sets only variables the app knows (a misspelt one would be ignored silently)', () => {
    const known = new Set(Object.keys(environmentSchema.in.shape));
    const names = new Set(['migrate', 'backend', 'worker'].flatMap((service) => Object.keys(environmentOf(service))));
    expect([...names].filter((name) => !known.has(name))).toEqual([]);
  });

  // --scale backend=3 --scale worker=3: a fixed host port or a container name would make the second replica fail.
  it.each(['backend', 'worker'])('lets %s run as several replicas', (name) => {
    expect(services[name].ports).toBeUndefined();
    expect(services[name].container_name).toBeUndefined();
  });

  it('pins every image to a release, so an upgrade is a change to this file rather than whatever was pulled last', () => {
    const floating = Object.entries(services)
      .filter(([, service]) => service.image && (!service.image.includes(':') || /:(latest|stable|main)$/.test(service.image)))
      .map(([name, service]) => `${name}: ${service.image}`);
    expect(floating).toEqual([]);
  });

  it('publishes nginx as the one way in, and mailpit\'s inbox on loopback only', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports).map(([name]) => name).sort();
    expect(published).toEqual(['mailpit', 'web']);
    expect(services.mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('restarts every long-running service, and health-checks those others wait for', () => {
    const oneShots = ['migrate', 'minio-bucket'];
    const longRunning = Object.keys(services).filter((name) => !oneShots.includes(name));
    expect(longRunning.filter((name) => services[name].restart !== 'unless-stopped')).toEqual([]);
    for (const name of oneShots) expect(services[name].restart).toBe('no');
    const awaitedHealthy = Object.values(services).flatMap((service) =>
      Object.entries(service.depends_on ?? {}).filter(([, rule]) => rule.condition === 'service_healthy').map(([name]) => name));
    expect([...new Set(awaitedHealthy)].filter((name) => !services[name].healthcheck)).toEqual([]);
    for (const name of ['backend', 'worker', 'web', 'postgres', 'redis', 'pgbouncer', 'minio']) expect(services[name].healthcheck).toBeDefined();
  });

  it('sends mail to mailpit and believes nginx\'s forwarded addresses', () => {
    expect(compose['x-app-env'].SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
    expect(environmentOf('backend').TRUST_PROXY).toBe('${TRUST_PROXY:-uniquelocal}');
  });

  it('pools through PgBouncer in transaction mode with prepared statements, migrating straight on PostgreSQL', () => {
    expect(compose['x-app-env'].DATABASE_URL).toMatch(/@pgbouncer:5432\//);
    expect(services.pgbouncer.environment.POOL_MODE).toBe('transaction');
    expect(Number(services.pgbouncer.environment.MAX_PREPARED_STATEMENTS)).toBeGreaterThan(0);
    expect(environmentOf('migrate').DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  // PgBouncer's transaction mode does not carry LISTEN: a listener behind it would hear none of the viewer-level notices.
  it('listens for viewer levels straight on PostgreSQL, where migrate connects on several hosts too', () => {
    const listen = compose['x-app-env'].DATABASE_LISTEN_URL;
    expect(listen).toMatch(/^\$\{DATABASE_LISTEN_URL:-\$\{MIGRATE_DATABASE_URL:-postgresql:\/\/serpwise:\$\{POSTGRES_PASSWORD:-serpwise\}@postgres:5432\/serpwise\}\}$/);
    expect(environmentOf('migrate').DATABASE_URL).toBe('${MIGRATE_DATABASE_URL:-postgresql://serpwise:${POSTGRES_PASSWORD:-serpwise}@postgres:5432/serpwise}');
  });

  it('keeps files in the minio service by default, its bucket made before backend and worker start, downloads through the API', () => {
    expect(compose['x-app-env']).toMatchObject({
      S3_BUCKET: '${S3_BUCKET-serpwise}',
      S3_ENDPOINT: '${S3_ENDPOINT-http://minio:9000}',
      S3_PRESIGNED_DOWNLOADS: '${S3_PRESIGNED_DOWNLOADS:-false}',
    });
    // The app's default keys are the MinIO server's own; the bucket the one-shot makes is the app's bucket.
    expect(compose['x-app-env'].S3_ACCESS_KEY_ID).toBe(`\${S3_ACCESS_KEY_ID-${services.minio.environment.MINIO_ROOT_USER}}`);
    expect(compose['x-app-env'].S3_SECRET_ACCESS_KEY).toBe(`\${S3_SECRET_ACCESS_KEY-${services.minio.environment.MINIO_ROOT_PASSWORD}}`);
    expect(services['minio-bucket'].environment).toMatchObject({ ...services.minio.environment, S3_BUCKET: compose['x-app-env'].S3_BUCKET });
    expect(services['minio-bucket'].command.join(' ')).toMatch(/mc mb --ignore-existing "store\/\$\$S3_BUCKET"/);
    expect(services['minio-bucket'].depends_on.minio.condition).toBe('service_healthy');
    for (const name of ['backend', 'worker']) {
      expect(services[name].depends_on['minio-bucket'].condition).toBe('service_completed_successfully');
      expect(services[name].volumes).toContain('app-data:/data'); // the spool an upload is written to first
    }
    expect(services.minio.ports).toBeUndefined();
  });

  // `S3_BUCKET=` in .env (files on the volume, docs/deployment.md "Files"): `:-` would put the default back, and the
  // one-shot would then fail on an empty bucket name and keep backend and worker from starting.
  it('lets S3_BUCKET= (empty) keep files on the volume, the bucket one-shot then doing nothing', () => {
    for (const value of [compose['x-app-env'].S3_BUCKET, services['minio-bucket'].environment.S3_BUCKET]) expect(value).not.toMatch(/:-/);
    expect(services['minio-bucket'].command.join(' ')).toMatch(/^\[ -z "\$\$S3_BUCKET" \] \|\| \{/);
  });

  // The docs tell the operator to set any variable of the README's table in .env: Compose passes a container only
  // what its service names, so the app services read .env as an env_file too (optional: a trial runs without one).
  it.each(['migrate', 'backend', 'worker'])('gives %s every setting of .env', (name) => {
    expect(services[name].env_file).toEqual([{ path: '.env', required: false }]);
  });

  // One password, set in .env before the first start: PostgreSQL, PgBouncer, the app and migrate must agree on it.
  it('takes the PostgreSQL password from POSTGRES_PASSWORD everywhere it is used', () => {
    const password = '${POSTGRES_PASSWORD:-serpwise}';
    expect(services.postgres.environment.POSTGRES_PASSWORD).toBe(password);
    const urls = [services.pgbouncer.environment.DATABASE_URL, compose['x-app-env'].DATABASE_URL, environmentOf('migrate').DATABASE_URL];
    for (const url of urls) expect(url).toContain(`serpwise:${password}@`);
    expect(read('docker-compose.yml')).not.toMatch(/serpwise:serpwise@/);
  });

  it('creates the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    expect(compose['x-app-env']).toMatchObject({ ADMIN_EMAIL: '${ADMIN_EMAIL:-}', ADMIN_PASSWORD: '${ADMIN_PASSWORD:-}' });
  });
});

describe('nginx (infra/docker/nginx.conf)', () => {
  const conf = read('infra/docker/nginx.conf');

  it('takes an import of the largest size the API accepts', () => {
    const [, size, unit] = conf.match(/client_max_body_size\s+(\d+)([kmg]?);/i) ?? [];
    const bytes = Number(size) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(unit ?? '').toLowerCase()];
    expect(bytes).toBeGreaterThan(importMaxBytes);
  });

  it('balances over every backend replica, found again by name as they change', () => {
    expect(conf).toMatch(/resolver 127\.0\.0\.11/);
    expect(conf).toMatch(/server backend:3000 resolve;/);
    expect(conf).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
  });

  it('passes the WebSocket upgrade and the forwarded address and scheme', () => {
    const socket = conf.slice(conf.indexOf('location /socket.io/'));
    expect(socket).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(socket).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    // proxy_set_header in a location replaces the server's: the socket's must name the forwarded headers again.
    expect(socket.slice(0, socket.indexOf('}'))).toMatch(/X-Forwarded-For \$remote_addr;[\s\S]*X-Forwarded-Proto \$scheme;/);
    expect(conf).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
  });
});
