import type { Environment, Viewer } from '@serpwise/contracts';
import type { LimitRule } from './limits.service.js';

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
const megabyte = 1024 * 1024;

/** See importInspections below. */
export const importInspectionsPerMinute = 30;

/** A logged-in plan: imports, exports and reports need an account. */
export type Plan = Exclude<Viewer, 'visitor'>;

/** A limit whose allowance follows the plan: the full plan's setting or the free plan's. */
const planRule = (name: string, plan: Plan, full: number, free: number, windowSeconds: number): LimitRule => ({ name, points: plan === 'full' ? full : free, windowSeconds });

/** Every limit of the install, from the configuration (defaults in environment.ts, documented in the README). */
export const limitRules = (environment: Environment) => ({
  /** Logins per address and account name, failures and in-flight attempts alike (a success gives its point back). */
  login: (): LimitRule => ({ name: 'login', points: environment.LOGIN_ATTEMPTS_PER_15_MIN, windowSeconds: 15 * minute }),
  /** Logins per address over every account name. */
  loginAddress: (): LimitRule => ({ name: 'login-address', points: environment.LOGIN_ATTEMPTS_PER_15_MIN * 5, windowSeconds: 15 * minute }),
  registration: (): LimitRule => ({ name: 'registration', points: environment.REGISTRATIONS_PER_HOUR, windowSeconds: hour }),
  passwordReset: (): LimitRule => ({ name: 'password-reset', points: environment.REGISTRATIONS_PER_HOUR, windowSeconds: hour }),
  importFiles: (plan: Plan) => planRule('import-files', plan, environment.IMPORT_FILES_PER_DAY_FULL, environment.IMPORT_FILES_PER_DAY_FREE, day),
  importBytes: (plan: Plan) => planRule('import-bytes', plan, environment.IMPORT_MB_PER_DAY_FULL * megabyte, environment.IMPORT_MB_PER_DAY_FREE * megabyte, day),
  /**
   * Files read by the import form per account (POST /rest/imports/inspect holds a ZIP of up to 64 MB in memory while
   * it reads it): far above what a person picking files does, well below what would let one account fill the API's memory.
   */
  importInspections: (): LimitRule => ({ name: 'import-inspections', points: importInspectionsPerMinute, windowSeconds: minute }),
  exports: (plan: Plan) => planRule('exports', plan, environment.EXPORTS_PER_HOUR_FULL, environment.EXPORTS_PER_HOUR_FREE, hour),
  reports: (plan: Plan) => planRule('reports', plan, environment.REPORTS_PER_HOUR_FULL, environment.REPORTS_PER_HOUR_FREE, hour),
  /** Questions to the research assistant per hour: each may run several model requests and look-ups (issue 24 point 10). */
  assistant: (viewer: Viewer): LimitRule => ({
    name: `assistant-${viewer}`,
    points:
      viewer === 'full' ? environment.ASSISTANT_QUESTIONS_PER_HOUR_FULL : viewer === 'free' ? environment.ASSISTANT_QUESTIONS_PER_HOUR_FREE : environment.ASSISTANT_QUESTIONS_PER_HOUR_VISITOR,
    windowSeconds: hour,
  }),
  /**
   * Openings of shared report links (page or PDF) per address and minute: no login stands in front of them, so they
   * are counted like a visitor's research calls (issue 22 point 5).
   */
  sharedReports: (): LimitRule => ({ name: 'shared-report', points: environment.RESEARCH_REQUESTS_PER_MINUTE_VISITOR, windowSeconds: minute }),
  /** Research calls per minute; null for a full plan (not limited here). */
  research: (viewer: Viewer): LimitRule | null =>
    viewer === 'full'
      ? null
      : {
          name: `research-${viewer}`,
          points: viewer === 'visitor' ? environment.RESEARCH_REQUESTS_PER_MINUTE_VISITOR : environment.RESEARCH_REQUESTS_PER_MINUTE_FREE,
          windowSeconds: minute,
        },
  /**
   * The bot check (docs/product/site.md §4 'slow the scraping'): research calls of one session, or one address, within
   * a few seconds; past it the client is held for the slow-down time.
   */
  botCheck: (by: 'session' | 'address'): LimitRule => ({
    name: `bot-check-${by}`,
    points: by === 'session' ? environment.BOT_CHECK_REQUESTS_PER_SESSION : environment.BOT_CHECK_REQUESTS_PER_ADDRESS,
    windowSeconds: environment.BOT_CHECK_WINDOW_SECONDS,
    blockSeconds: environment.BOT_CHECK_SLOWDOWN_SECONDS,
  }),
});

export type LimitRules = ReturnType<typeof limitRules>;
