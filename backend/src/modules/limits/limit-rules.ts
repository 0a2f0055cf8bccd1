import type { Environment, Viewer } from '@serpwise/contracts';
import type { LimitRule } from './limits.service.js';

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
const megabyte = 1024 * 1024;

/** A logged-in plan: imports, exports and reports need an account. */
export type Plan = Exclude<Viewer, 'visitor'>;

/** Every limit of the install, from the configuration (defaults in environment.ts, documented in the README). */
export const limitRules = (environment: Environment) => ({
  /** Logins per address and account name, failures and in-flight attempts alike (a success gives its point back). */
  login: (): LimitRule => ({ name: 'login', points: environment.LOGIN_ATTEMPTS_PER_15_MIN, windowSeconds: 15 * minute }),
  /** Logins per address over every account name. */
  loginAddress: (): LimitRule => ({ name: 'login-address', points: environment.LOGIN_ATTEMPTS_PER_15_MIN * 5, windowSeconds: 15 * minute }),
  registration: (): LimitRule => ({ name: 'registration', points: environment.REGISTRATIONS_PER_HOUR, windowSeconds: hour }),
  passwordReset: (): LimitRule => ({ name: 'password-reset', points: environment.REGISTRATIONS_PER_HOUR, windowSeconds: hour }),
  importFiles: (plan: Plan): LimitRule => ({
    name: 'import-files',
    points: plan === 'full' ? environment.IMPORT_FILES_PER_DAY_FULL : environment.IMPORT_FILES_PER_DAY_FREE,
    windowSeconds: day,
  }),
  importBytes: (plan: Plan): LimitRule => ({
    name: 'import-bytes',
    points: (plan === 'full' ? environment.IMPORT_MB_PER_DAY_FULL : environment.IMPORT_MB_PER_DAY_FREE) * megabyte,
    windowSeconds: day,
  }),
  exports: (plan: Plan): LimitRule => ({
    name: 'exports',
    points: plan === 'full' ? environment.EXPORTS_PER_HOUR_FULL : environment.EXPORTS_PER_HOUR_FREE,
    windowSeconds: hour,
  }),
  reports: (plan: Plan): LimitRule => ({
    name: 'reports',
    points: plan === 'full' ? environment.REPORTS_PER_HOUR_FULL : environment.REPORTS_PER_HOUR_FREE,
    windowSeconds: hour,
  }),
  /** Research calls per minute; null for a full plan (not limited here). */
  research: (viewer: Viewer): LimitRule | null =>
    viewer === 'full'
      ? null
      : {
          name: `research-${viewer}`,
          points: viewer === 'visitor' ? environment.RESEARCH_REQUESTS_PER_MINUTE_VISITOR : environment.RESEARCH_REQUESTS_PER_MINUTE_FREE,
          windowSeconds: minute,
        },
});

export type LimitRules = ReturnType<typeof limitRules>;
