import { z } from 'zod';
import { defaultCpuThreads, defaultExportsConcurrency, defaultReportsConcurrency } from './worker-concurrency.js';
import { isAcceptablePassword, isValidEmail, maxPasswordLength, minPasswordLength } from '../accounts/email.js';

/**
 * Every setting the backend and the worker read, in one typed place.
 * The launcher (`npm start`) and docker-compose set these; the README's configuration table mirrors this file.
 * Takes a plain record (not process.env) so this module stays free of Node APIs.
 */
const port = z.coerce.number().int().min(0).max(65535);
const milliseconds = z.coerce.number().int().min(1);
/** One connection pool's most connections (docs/deployment.md, "Connection budget"). */
const poolSize = z.coerce.number().int().min(1).max(200);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  /**
   * The address users reach Serpwise at (scheme, host, port, optional path; no trailing slash needed). Every absolute
   * link — mails, the Google redirect — is built from it, never from the request's Host header (docs/decisions.md,
   * issue 16). Required in production; development and test default to http://localhost:PORT.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' }).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
  /**
   * The PostgreSQL pools of each process; their sum is its connection budget (connection-budget.ts, docs/deployment.md).
   * DATABASE_POOL_MAX: MikroORM's pool, in the API and in the worker.
   */
  DATABASE_POOL_MAX: poolSize.default(10),
  /** API: the research pages' prepared statements (openWarehousePool); on DATABASE_READ_URL when that is set. */
  DATABASE_RESEARCH_POOL_MAX: poolSize.default(4),
  /**
   * A PostgreSQL read replica (a streaming-replication standby) for the API's research reads (docs/deployment.md,
   * "Read replicas"). Writes, job records and reads that must see a write just made stay on DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must be a postgres:// URL').optional(),
  /** API, only with DATABASE_READ_URL: the research reads' pool on the replica (every research query but the prepared ones). */
  DATABASE_READ_POOL_MAX: poolSize.default(10),
  /**
   * API: the one connection that LISTENs for the notices that raise a viewer's level (plain-viewers.ts); unset:
   * DATABASE_URL. It must reach PostgreSQL itself: a transaction-mode pooler (PgBouncer) does not carry LISTEN, and
   * a listener behind one would hear nothing (docs/deployment.md, "Connection budget").
   */
  DATABASE_LISTEN_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_LISTEN_URL must be a postgres:// URL').optional(),
  /** API: import uploads' inspection and the history export (a transaction or cursor each while they run). */
  DATABASE_IMPORTS_POOL_MAX: poolSize.default(3),
  /** API: the Search Console pages' reads. */
  DATABASE_SEARCH_CONSOLE_POOL_MAX: poolSize.default(2),
  /** Worker: exports' cursors and the transactions of imports and Search Console syncs; unset: 2 × WORKER_CONCURRENCY. */
  DATABASE_JOB_POOL_MAX: poolSize.optional(),
  /** Worker: SERP and live-data landings in the warehouse (COPY, one connection per landing). */
  DATABASE_WAREHOUSE_POOL_MAX: poolSize.default(2),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'REDIS_PREFIX may use letters, digits, _ and - only')
    .default('serpwise'),
  /**
   * How long a request waits for one Redis command before answering 503 (a Redis that hangs rather than refuses). A
   * process that cannot run for this long (a starved CPU) gives up on replies that did arrive: tests raise it.
   */
  REDIS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  WORKER_PORT: port.default(3001),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Reports one worker draws at once (the reports queue; WORKER_CONCURRENCY is every other queue's). Unset: the
   * machine's cores, at most WORKER_CONCURRENCY (resolved by loadEnvironment; worker-concurrency.ts says why).
   */
  WORKER_REPORTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Exports one worker streams at once (the exports queue). Unset: half the machine's cores, at least one, at most
   * WORKER_CONCURRENCY (resolved by loadEnvironment; worker-concurrency.ts says why: issue 27 point 2).
   */
  WORKER_EXPORTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The worker process's scheduling priority (nice, 0–19; set once at start). Its jobs are background work: on a
   * busy machine the API's requests go first, and on an idle one the jobs run as fast as before (issue 27 point 2).
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Threads the worker runs CPU-heavy job work on, off its event loop (the system check's compute step). Unset: one
   * fewer than the machine's cores, at least one (resolved by loadEnvironment; worker-concurrency.ts says why).
   */
  WORKER_CPU_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  JOB_LOCK_DURATION_MS: milliseconds.default(30_000),
  JOB_STALLED_INTERVAL_MS: milliseconds.default(30_000),
  /**
   * How often a worker looks for jobs whose worker process is gone (its Redis connections closed), to hand them on
   * without waiting for their lock (worker/src/jobs/dead-holders.ts); 0 turns it off (the lock alone then).
   */
  JOB_HOLDER_CHECK_MS: z.coerce.number().int().min(0).default(1_000),
  /** How often the worker checks unfinished job records against the queue (re-adds lost jobs, ends given-up ones). */
  JOB_RECONCILE_INTERVAL_MS: milliseconds.default(60_000),
  /** The admin console's per-minute queue samples (issue 23) are kept this many hours, then pruned; the charts show 24. */
  QUEUE_SAMPLE_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(72),
  /** How often the queue alert thresholds (issue 23) are checked; one API process checks each time, however many run. */
  QUEUE_ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  /**
   * Lets webhooks (queue alerts) call private addresses — this host, 10.x, 192.168.x, link-local … — which are refused
   * otherwise so an admin's setting cannot reach internal services (a self-hosted chat server on the LAN needs it).
   */
  WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: flag.default(false),
  DIAGNOSTIC_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(800),
  DATA_DIR: z.string().min(1).default('.data'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: flag.default(false),
  /** Bearer token Prometheus sends to /metrics (API and worker); unset: /metrics is not served (docs/deployment.md). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SESSION_COOKIE_SECURE: flag.default(false),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(24 * 14),
  /** Logged in without 'Remember Me': a browser-session cookie, ended after this long without activity. */
  LOGIN_SESSION_HOURS: z.coerce.number().int().min(1).default(24),
  /** Logged in with 'Remember Me': a persistent cookie for this many days. */
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** Concurrent active sessions per user before the user is sent to /add-users (role infinitelogin skips it). */
  SESSION_LIMIT_PER_USER: z.coerce.number().int().min(1).default(3),
  /** A logged-in session counts as active when seen within this many minutes (the page pings every 60 s). */
  SESSION_ACTIVE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Failed logins allowed per address and account name in 15 minutes (and five times that per address). */
  LOGIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  /** Sign-ups and password-reset requests allowed per address in an hour. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).default(60),
  /** reCAPTCHA-compatible secret; when unset the captcha token is accepted as sent (null included). */
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The public site key the browser uses to ask for tokens (reCAPTCHA v3 style: one action per form). */
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** The captcha script the login and sign-up panels load, with `?render=<site key>` appended. */
  CAPTCHA_SCRIPT_URL: z.url().default('https://www.google.com/recaptcha/api.js'),
  /** smtp://user:pass@host:port; when unset, mail is written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Serpwise <no-reply@serpwise.local>'),
  /** product.maxExportRows of a full plan (docs/product/account-exports-reports.md §6, §9); recon plans export without limit. */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).default(500_000),
  /** Export files are removed this many hours after their job finished (a sweep in the worker). */
  EXPORT_FILE_TTL_HOURS: z.coerce.number().min(0.01).default(24),
  /** How long a signed download link of an export works. */
  EXPORT_LINK_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** A report e-mail attaches its PDF up to this size; a larger one is linked instead (issue 22; base64 adds a third). */
  REPORT_MAIL_ATTACHMENT_MAX_MB: z.coerce.number().min(0).default(7),
  /** How long the PDF link of a report e-mail works, and how long a mailed report's PDF is kept for it. */
  REPORT_MAIL_LINK_DAYS: z.coerce.number().int().min(1).default(30),
  /** Secret for signing download links; when unset one is made once and kept in Redis for every node. */
  FILE_LINK_SECRET: z.string().min(32, 'FILE_LINK_SECRET must be at least 32 characters').optional(),
  /** S3-compatible storage for export files (MinIO, R2, AWS); when S3_BUCKET is unset files stay in DATA_DIR/exports. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A key pair (both or neither); unset: the AWS SDK's default chain (instance/task roles, AWS_* variables, profiles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /**
   * Export downloads: true sends the browser to a presigned link of the bucket (the file skips the API); false streams
   * it through the API, for a bucket browsers cannot reach (a MinIO on a private network, as in docker-compose).
   */
  S3_PRESIGNED_DOWNLOADS: flag.default(true),
  /** Google OAuth client of the Sheets export (docs/product/account-exports-reports.md §4, §7); without both the menu explains that an admin must configure it. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the browser is sent to authorise (tests point this and the next two at a local fake). */
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /** Google's OAuth server: /token (code exchange, refresh) and /revoke. */
  GOOGLE_OAUTH_BASE_URL: z.url().default('https://oauth2.googleapis.com'),
  /** The Sheets API root: /v4/spreadsheets… */
  GOOGLE_SHEETS_BASE_URL: z.url().default('https://sheets.googleapis.com'),
  /** The Drive API root: /drive/v3/files/{id} (deleting the spreadsheet of a failed or cancelled Sheets export). */
  GOOGLE_DRIVE_BASE_URL: z.url().default('https://www.googleapis.com'),
  /** 32-byte key (64 hex characters or base64) encrypting stored refresh tokens; unset: derived from GOOGLE_CLIENT_SECRET. */
  GOOGLE_TOKEN_KEY: z.string().min(32, 'GOOGLE_TOKEN_KEY must be 32 bytes as hex or base64').optional(),
  /** The Search Console API root (issue 20): /webmasters/v3/sites… (tests point it at a local fake). */
  GOOGLE_SEARCH_CONSOLE_BASE_URL: z.url().default('https://www.googleapis.com'),
  /** How far back a newly picked Search Console property is backfilled, in months (Google keeps 16). */
  SEARCH_CONSOLE_BACKFILL_MONTHS: z.coerce.number().int().min(1).max(16).default(16),
  /** How often every connected property is synced (its new days fetched); a day by default. */
  SEARCH_CONSOLE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(24 * 60),
  /** Rows asked per searchAnalytics.query page (Google's most is 25,000; tests make it small to page). */
  SEARCH_CONSOLE_ROW_LIMIT: z.coerce.number().int().min(1).max(25_000).default(25_000),
  /** First wait after a quota answer (429, "quota exceeded"), doubled each time (Retry-After wins when Google sends one). */
  SEARCH_CONSOLE_BACKOFF_MS: z.coerce.number().int().min(0).default(5_000),
  /** Least time between two Sheets write requests of one export (Google allows 60 writes a minute per user). */
  GOOGLE_SHEETS_WRITE_INTERVAL_MS: z.coerce.number().int().min(0).default(1_100),
  /** The sister-product cross-promo (tooltip, logout redirect). */
  CROSS_PROMO_ENABLED: flag.default(true),
  /** The footer/banner call to action (docs/product/site.md §3 footerCtaText, footerCtaLink); unset: 'Try it today, risk free' → /mainpurchase. */
  FOOTER_CTA_TEXT: z.string().trim().min(1).max(80).optional(),
  FOOTER_CTA_LINK: z
    .string()
    .trim()
    .regex(/^(\/(?!\/)|https:\/\/)/, 'FOOTER_CTA_LINK must be a path on this site (/…) or an https:// address')
    .optional(),
  /** Which suggestions the landing search and /hq ask for (docs/product/site.md §3 homepageSuggestionType, hqSuggestionType). */
  HOMEPAGE_SUGGESTION_TYPE: z.enum(['domains', 'keywords', 'default']).default('default'),
  HQ_SUGGESTION_TYPE: z.enum(['domains', 'keywords', 'default']).default('default'),
  /**
   * Where rank tracking and requested keywords get Google results (docs/deployment.md, "SERP providers"):
   * dataforseo, serpapi or openserp; unset or demo: derived from the demo market, no outside calls.
   */
  SERP_PROVIDER: z.enum(['dataforseo', 'serpapi', 'openserp', 'demo']).default('demo'),
  /** DataForSEO API login and password (HTTP Basic). */
  DATAFORSEO_LOGIN: z.string().min(1).optional(),
  DATAFORSEO_PASSWORD: z.string().min(1).optional(),
  DATAFORSEO_BASE_URL: z.url().default('https://api.dataforseo.com'),
  SERPAPI_API_KEY: z.string().min(1).optional(),
  SERPAPI_BASE_URL: z.url().default('https://serpapi.com'),
  /** The self-hosted OpenSERP server, e.g. http://openserp:7000. */
  OPENSERP_BASE_URL: z.url().optional(),
  /** One provider call may take this long before it counts as a network failure (and is retried). */
  SERP_REQUEST_TIMEOUT_MS: milliseconds.default(60_000),
  /** Tries per keyword on 429, 5xx or a network failure, with exponential backoff + jitter (Retry-After honoured). */
  SERP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  SERP_BACKOFF_BASE_MS: milliseconds.default(2_000),
  /** The longest single wait; a Retry-After beyond it is cut to it. */
  SERP_BACKOFF_MAX_MS: milliseconds.default(60_000),
  /** How often every project's tracked keywords are fetched again (a BullMQ job scheduler). */
  RANK_REFRESH_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(24 * 60),
  /**
   * Where research data on demand comes from (issue 20, docs/deployment.md "Live research data"): demo (the default, no
   * outside calls: the warehouse shows what it holds) or dataforseo (DATAFORSEO_LOGIN/PASSWORD/BASE_URL as above).
   */
  DATA_PROVIDER: z.enum(['demo', 'dataforseo']).default('demo'),
  /** Fetched research data is kept this many days; after that the page offers to fetch it again. */
  LIVE_DATA_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(30),
  /** Fetch by itself when a logged-in user opens a domain the warehouse lacks (costs credit; off by default). */
  LIVE_DATA_AUTO_FETCH: flag.default(false),
  /** Live-data fetches a free (or full) account may start per calendar month (UTC). */
  LIVE_DATA_FETCHES_PER_MONTH_FREE: z.coerce.number().int().min(0).default(3),
  LIVE_DATA_FETCHES_PER_MONTH_FULL: z.coerce.number().int().min(0).default(100),
  /** How many organic keywords, paid keywords, competitors and backlinks one fetch asks for (each sets its cost). */
  /** Lists over 1,000 are asked for in pages of 1,000 (a task each). */
  LIVE_DATA_KEYWORD_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
  LIVE_DATA_PAID_KEYWORD_LIMIT: z.coerce.number().int().min(1).max(1000).default(200),
  LIVE_DATA_COMPETITOR_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
  LIVE_DATA_BACKLINK_LIMIT: z.coerce.number().int().min(1).max(20_000).default(500),
  /** The territory requested keywords are fetched in (the request form has no territory). */
  REQUESTED_KEYWORDS_TERRITORY: z.enum(['US', 'UK', 'CA', 'AU', 'IE', 'NZ']).default('US'),
  /** Limits of a shared install (issue 16, docs/deployment.md "Limits"): per plan, counted atomically in Redis. */
  /** Import uploads a free (or full) account may start per day, and the megabytes they may hold together. */
  IMPORT_FILES_PER_DAY_FREE: z.coerce.number().int().min(1).default(5),
  IMPORT_FILES_PER_DAY_FULL: z.coerce.number().int().min(1).default(100),
  IMPORT_MB_PER_DAY_FREE: z.coerce.number().int().min(1).default(50),
  IMPORT_MB_PER_DAY_FULL: z.coerce.number().int().min(1).default(5_000),
  /** Export jobs (CSV, Excel, Sheets) started per hour. */
  EXPORTS_PER_HOUR_FREE: z.coerce.number().int().min(1).default(10),
  EXPORTS_PER_HOUR_FULL: z.coerce.number().int().min(1).default(100),
  /** PDF report jobs (download or e-mail) started per hour. */
  REPORTS_PER_HOUR_FREE: z.coerce.number().int().min(1).default(5),
  REPORTS_PER_HOUR_FULL: z.coerce.number().int().min(1).default(60),
  /** Research calls per minute: visitors by address, free users by account; full users are not limited here. */
  RESEARCH_REQUESTS_PER_MINUTE_VISITOR: z.coerce.number().int().min(1).default(60),
  RESEARCH_REQUESTS_PER_MINUTE_FREE: z.coerce.number().int().min(1).default(180),
  /**
   * Scraper protection (docs/deployment.md "Scraper protection", docs/decisions.md issue 25). The bot check: more
   * research calls than this within BOT_CHECK_WINDOW_SECONDS from one session, or from one address, is faster than a
   * person reads (a research page makes at most about ten), so that client is sent to the slow-the-scraping path for
   * BOT_CHECK_SLOWDOWN_SECONDS. Every plan is checked. A minute, not a few seconds: a person's bursts (tabs restored at
   * once, a quick walk through a domain's reports) pass, a scraper's steady pace does not.
   */
  BOT_CHECK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  BOT_CHECK_REQUESTS_PER_SESSION: z.coerce.number().int().min(1).default(600),
  BOT_CHECK_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(1500),
  BOT_CHECK_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** The allowed percentage of bots (docs/product/site.md §4): this share of suspected clients is let through anyway. */
  BOT_CHECK_ALLOWED_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  /** Research calls must carry the hash token (enableScraperToken); a call without a valid one gets 403 and info: 2. */
  SCRAPER_TOKEN_ENABLED: flag.default(false),
  /** How far a token's request date may be from the server's clock (the client corrects its clock on an info: 2). */
  SCRAPER_TOKEN_MAX_AGE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** The scraper paywall (enableScraperFreewall): non-full users are sent from research pages to /paywall#benefits. */
  SCRAPER_FREEWALL_ENABLED: flag.default(false),
  /**
   * A request header an edge proxy sets to the visitor's country (e.g. CF-IPCountry behind Cloudflare, or nginx's
   * geoip2 module): the environment's countryCode. Unset: the Accept-Language header decides.
   */
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'COUNTRY_HEADER must be a header name such as cf-ipcountry')
    .optional(),
  /**
   * The research assistant of /serpwise-custom-gpt and /spygpt (docs/deployment.md, "Research assistant"): any
   * OpenAI-compatible Chat Completions server with tool calls — its base URL up to /v1 (e.g. https://api.openai.com/v1,
   * http://ollama:11434/v1), its key (sent as a bearer token; unset for a local server that needs none) and the model.
   * Without the base URL and the model the page says an administrator must configure it.
   */
  ASSISTANT_BASE_URL: z.url({ protocol: /^https?$/, error: 'ASSISTANT_BASE_URL must be an http:// or https:// address' }).optional(),
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_MODEL: z.string().trim().min(1).max(200).optional(),
  /**
   * How long one question may take in all (every model request and look-up) before it fails with "took too long".
   * At most 290 s: nginx (infra/docker/nginx.conf) waits 300 s for /rest/assistant/.
   */
  ASSISTANT_TIMEOUT_MS: milliseconds.max(290_000, 'ASSISTANT_TIMEOUT_MS is at most 290000 (nginx waits 300 s for an answer)').default(120_000),
  /** Questions per hour: visitors by address, free and full users by account (each question may run several look-ups). */
  ASSISTANT_QUESTIONS_PER_HOUR_VISITOR: z.coerce.number().int().min(1).default(5),
  ASSISTANT_QUESTIONS_PER_HOUR_FREE: z.coerce.number().int().min(1).default(20),
  ASSISTANT_QUESTIONS_PER_HOUR_FULL: z.coerce.number().int().min(1).default(200),
  /**
   * The first administrator (docker-compose, a fresh install): created with roles full and admin when the API starts
   * and no account has this e-mail. An existing account is never changed (its password, its roles), so the variables
   * can stay set; remove ADMIN_PASSWORD once the administrator has logged in and changed the password.
   */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isValidEmail, 'ADMIN_EMAIL must be an e-mail address')
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(isAcceptablePassword, `ADMIN_PASSWORD must have ${minPasswordLength} to ${maxPasswordLength} characters`)
    .optional(),
  /**
   * Express 'trust proxy': which proxies' X-Forwarded-For/-Proto to believe, so the limits see the visitor's
   * address. Unset: none (the socket's address). A hop count (1), loopback / linklocal / uniquelocal, or a
   * comma-separated list of addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d+|false|[0-9a-z.:/_,\s-]+)$/i, 'TRUST_PROXY must be a hop count, loopback, linklocal, uniquelocal, or a comma-separated list of addresses')
    .refine((value) => value.toLowerCase() !== 'true', 'TRUST_PROXY=true would let any client choose its own address; give the hop count or the proxy addresses')
    .optional(),
  /**
   * Analytics events (docs/product/analytics.md): monthly partitions of analytics_event older than this many months
   * are dropped by the worker (0 keeps them all).
   */
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(0).max(240).default(25),
  /** Events the worker writes at once (a batch is written when this many are waiting, or after ANALYTICS_BATCH_WAIT_MS). */
  ANALYTICS_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(200),
  ANALYTICS_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * Optional forwarder: the recorded events are also sent to a PostHog (POST <url>/batch/) or Plausible
   * (POST <url>/api/event) compatible collector at this base address. Unset: events are only kept here.
   */
  ANALYTICS_FORWARD_URL: z.url({ protocol: /^https?$/, error: 'ANALYTICS_FORWARD_URL must be an http:// or https:// address' }).optional(),
  ANALYTICS_FORWARD_KIND: z.enum(['posthog', 'plausible'], { error: 'ANALYTICS_FORWARD_KIND must be posthog or plausible' }).optional(),
  /** PostHog: the project API key (api_key of each batch). */
  ANALYTICS_FORWARD_KEY: z.string().trim().min(1).optional(),
  /** Plausible: the site's domain as added in Plausible; unset: PUBLIC_URL's host. */
  ANALYTICS_FORWARD_DOMAIN: z.string().trim().min(1).max(253).optional(),
}).refine((environment) => !environment.ANALYTICS_FORWARD_URL === !environment.ANALYTICS_FORWARD_KIND, {
  message: 'ANALYTICS_FORWARD_URL and ANALYTICS_FORWARD_KIND (posthog or plausible) are set together',
  path: ['ANALYTICS_FORWARD_KIND'],
}).refine((environment) => environment.ANALYTICS_FORWARD_KIND !== 'posthog' || environment.ANALYTICS_FORWARD_KEY, {
  message: 'ANALYTICS_FORWARD_KEY (the PostHog project API key) is required when ANALYTICS_FORWARD_KIND is posthog',
  path: ['ANALYTICS_FORWARD_KEY'],
}).refine((environment) => environment.DATA_PROVIDER !== 'dataforseo' || (environment.DATAFORSEO_LOGIN && environment.DATAFORSEO_PASSWORD), {
  message: 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are required when DATA_PROVIDER is dataforseo',
  path: ['DATAFORSEO_LOGIN'],
}).refine((environment) => environment.SERP_PROVIDER !== 'dataforseo' || (environment.DATAFORSEO_LOGIN && environment.DATAFORSEO_PASSWORD), {
  message: 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are required when SERP_PROVIDER is dataforseo',
  path: ['DATAFORSEO_LOGIN'],
}).refine((environment) => environment.SERP_PROVIDER !== 'serpapi' || environment.SERPAPI_API_KEY, {
  message: 'SERPAPI_API_KEY is required when SERP_PROVIDER is serpapi',
  path: ['SERPAPI_API_KEY'],
}).refine((environment) => environment.SERP_PROVIDER !== 'openserp' || environment.OPENSERP_BASE_URL, {
  message: 'OPENSERP_BASE_URL is required when SERP_PROVIDER is openserp',
  path: ['OPENSERP_BASE_URL'],
}).refine((environment) => !environment.CAPTCHA_SECRET || environment.CAPTCHA_SITE_KEY, {
  // Without a site key the browser cannot ask for tokens, and every login would be refused.
  message: 'CAPTCHA_SITE_KEY is required when CAPTCHA_SECRET is set',
  path: ['CAPTCHA_SITE_KEY'],
}).refine((environment) => !environment.ASSISTANT_BASE_URL === !environment.ASSISTANT_MODEL, {
  // One without the other is a half-done set-up: say so at start instead of a page that fails on every question.
  message: 'ASSISTANT_BASE_URL and ASSISTANT_MODEL are set together (the model server and the model it runs)',
  path: ['ASSISTANT_MODEL'],
}).refine((environment) => !environment.S3_ACCESS_KEY_ID === !environment.S3_SECRET_ACCESS_KEY, {
  message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK\'s default credentials)',
  path: ['S3_SECRET_ACCESS_KEY'],
}).refine((environment) => !environment.ADMIN_EMAIL === !environment.ADMIN_PASSWORD, {
  message: 'ADMIN_EMAIL and ADMIN_PASSWORD are set together (the first administrator\'s e-mail and password)',
  path: ['ADMIN_PASSWORD'],
}).refine((environment) => environment.NODE_ENV !== 'production' || environment.PUBLIC_URL, {
  // A link built from the request's Host header would go wherever a forged header says (docs/decisions.md, issue 16).
  message: 'PUBLIC_URL is required when NODE_ENV is production (the address users reach Serpwise at, e.g. https://serpwise.example.com)',
  path: ['PUBLIC_URL'],
}).transform((environment) => ({
  ...environment,
  PUBLIC_URL: (environment.PUBLIC_URL ?? `http://localhost:${environment.PORT}`).replace(/\/+$/, ''),
  // An export's cursor or an import's transaction holds a connection while it runs; two per job slot leaves room.
  DATABASE_JOB_POOL_MAX: environment.DATABASE_JOB_POOL_MAX ?? environment.WORKER_CONCURRENCY * 2,
}));

/** The settings as the processes read them: every default resolved, the machine's included (loadEnvironment). */
export type Environment = Omit<z.infer<typeof environmentSchema>, 'WORKER_REPORTS_CONCURRENCY' | 'WORKER_EXPORTS_CONCURRENCY' | 'WORKER_CPU_THREADS'> & {
  WORKER_REPORTS_CONCURRENCY: number;
  WORKER_EXPORTS_CONCURRENCY: number;
  WORKER_CPU_THREADS: number;
};

/** What loadEnvironment needs to know of the machine it runs on (this module uses no Node API: the caller says). */
export interface HostFacts {
  /** Cores this process may use (os.availableParallelism()); absent: 1. */
  cores?: number;
}

export class ConfigurationError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Parses the environment once at start; a bad value stops the process with every problem listed. */
export function loadEnvironment(source: Record<string, string | undefined>, host: HostFacts = {}): Environment {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    throw new ConfigurationError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return {
    ...parsed.data,
    WORKER_REPORTS_CONCURRENCY: parsed.data.WORKER_REPORTS_CONCURRENCY ?? defaultReportsConcurrency(parsed.data.WORKER_CONCURRENCY, host),
    WORKER_EXPORTS_CONCURRENCY: parsed.data.WORKER_EXPORTS_CONCURRENCY ?? defaultExportsConcurrency(parsed.data.WORKER_CONCURRENCY, host),
    WORKER_CPU_THREADS: parsed.data.WORKER_CPU_THREADS ?? defaultCpuThreads(host),
  };
}
