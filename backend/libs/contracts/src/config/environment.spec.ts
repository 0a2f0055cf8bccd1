import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadEnvironment } from './environment.js';

const required = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/serpwise', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('loadEnvironment', () => {
  it('fills the documented defaults', () => {
    const environment = loadEnvironment(required);
    expect(environment).toMatchObject({ PORT: 3000, WORKER_PORT: 3001, REDIS_PREFIX: 'serpwise', JOB_LOCK_DURATION_MS: 30_000, LOG_PRETTY: false });
  });

  it('coerces numbers and flags from strings, and treats blank values as unset', () => {
    const environment = loadEnvironment({ ...required, PORT: '8080', SESSION_COOKIE_SECURE: 'true', LOG_LEVEL: '' });
    expect(environment.PORT).toBe(8080);
    expect(environment.SESSION_COOKIE_SECURE).toBe(true);
    expect(environment.LOG_LEVEL).toBe('info');
  });

  it('takes a footer call-to-action link on this site or over https only', () => {
    expect(loadEnvironment({ ...required, FOOTER_CTA_LINK: '/capital-one-spring-member-offer' }).FOOTER_CTA_LINK).toBe('/capital-one-spring-member-offer');
    expect(loadEnvironment({ ...required, FOOTER_CTA_LINK: 'https://example.com/offer' }).FOOTER_CTA_LINK).toBe('https://example.com/offer');
    for (const link of ['javascript:alert(1)', '//evil.example', 'http://example.com']) {
      expect(() => loadEnvironment({ ...required, FOOTER_CTA_LINK: link })).toThrow(/FOOTER_CTA_LINK must be a path on this site/);
    }
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadEnvironment({ DATABASE_URL: 'mysql://x', PORT: 'ninety', REDIS_PREFIX: 'bad prefix!' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    const issues = (caught as ConfigurationError).issues.join('\n');
    expect(issues).toMatch(/DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/);
    expect(issues).toMatch(/REDIS_URL/);
    expect(issues).toMatch(/PORT/);
    expect(issues).toMatch(/REDIS_PREFIX may use letters, digits/);
  });

  it('refuses a captcha secret without the site key the browser needs to ask for tokens', () => {
    const required = { DATABASE_URL: 'postgres://localhost/x', REDIS_URL: 'redis://localhost:6379' };
    expect(() => loadEnvironment({ ...required, CAPTCHA_SECRET: 's' })).toThrow(/CAPTCHA_SITE_KEY is required when CAPTCHA_SECRET is set/);
    expect(loadEnvironment({ ...required, CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' }).CAPTCHA_SITE_KEY).toBe('k');
  });

  it('takes the research assistant’s model server and model together, the key optional (issue 24 point 10)', () => {
    const required = { DATABASE_URL: 'postgres://localhost/x', REDIS_URL: 'redis://localhost:6379' };
    expect(loadEnvironment(required)).toMatchObject({ ASSISTANT_TIMEOUT_MS: 120_000, ASSISTANT_QUESTIONS_PER_HOUR_VISITOR: 5, ASSISTANT_QUESTIONS_PER_HOUR_FREE: 20, ASSISTANT_QUESTIONS_PER_HOUR_FULL: 200 });
    expect(() => loadEnvironment({ ...required, ASSISTANT_BASE_URL: 'http://ollama:11434/v1' })).toThrow(/ASSISTANT_BASE_URL and ASSISTANT_MODEL are set together/);
    expect(() => loadEnvironment({ ...required, ASSISTANT_MODEL: 'llama3.1' })).toThrow(/ASSISTANT_BASE_URL and ASSISTANT_MODEL are set together/);
    expect(() => loadEnvironment({ ...required, ASSISTANT_BASE_URL: 'ftp://x', ASSISTANT_MODEL: 'm' })).toThrow(/ASSISTANT_BASE_URL must be an http/);
    expect(() => loadEnvironment({ ...required, ASSISTANT_TIMEOUT_MS: '600000' })).toThrow(/ASSISTANT_TIMEOUT_MS is at most 290000/);
    expect(loadEnvironment({ ...required, ASSISTANT_BASE_URL: 'http://ollama:11434/v1', ASSISTANT_MODEL: 'llama3.1' })).toMatchObject({ ASSISTANT_MODEL: 'llama3.1' });
  });

  it('uses the demo market unless a SERP provider is chosen, and asks for the chosen provider’s credentials', () => {
    expect(loadEnvironment(required)).toMatchObject({ SERP_PROVIDER: 'demo', SERP_MAX_ATTEMPTS: 4, RANK_REFRESH_INTERVAL_MINUTES: 1440, REQUESTED_KEYWORDS_TERRITORY: 'US' });
    expect(() => loadEnvironment({ ...required, SERP_PROVIDER: 'dataforseo', DATAFORSEO_LOGIN: 'me' })).toThrow(/DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are required/);
    expect(() => loadEnvironment({ ...required, SERP_PROVIDER: 'serpapi', SERPAPI_API_KEY: '' })).toThrow(/SERPAPI_API_KEY is required/);
    expect(() => loadEnvironment({ ...required, SERP_PROVIDER: 'openserp' })).toThrow(/OPENSERP_BASE_URL is required/);
    expect(() => loadEnvironment({ ...required, SERP_PROVIDER: 'bing' })).toThrow(/SERP_PROVIDER/);
    expect(loadEnvironment({ ...required, SERP_PROVIDER: 'openserp', OPENSERP_BASE_URL: 'http://openserp:7000' }).OPENSERP_BASE_URL).toBe('http://openserp:7000');
  });

  it('PUBLIC_URL: required in production, http://localhost:PORT in development and test, without a trailing slash', () => {
    expect(() => loadEnvironment({ ...required, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV is production/);
    expect(loadEnvironment({ ...required, NODE_ENV: 'production', PUBLIC_URL: 'https://seo.example.com/' }).PUBLIC_URL).toBe('https://seo.example.com');
    expect(loadEnvironment({ ...required, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnvironment({ ...required, NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(() => loadEnvironment({ ...required, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL must be an http/);
    expect(() => loadEnvironment({ ...required, PUBLIC_URL: 'serpwise.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('takes the first administrator\'s e-mail and password together, the e-mail normalised (issue 26)', () => {
    expect(loadEnvironment({ ...required, ADMIN_EMAIL: ' Admin@Example.COM ', ADMIN_PASSWORD: 'long enough' })).toMatchObject({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'long enough' });
    expect(() => loadEnvironment({ ...required, ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are set together/);
    expect(() => loadEnvironment({ ...required, ADMIN_PASSWORD: 'long enough' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are set together/);
    expect(() => loadEnvironment({ ...required, ADMIN_EMAIL: 'not an address', ADMIN_PASSWORD: 'long enough' })).toThrow(/ADMIN_EMAIL must be an e-mail address/);
    expect(() => loadEnvironment({ ...required, ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'abc' })).toThrow(/ADMIN_PASSWORD must have 6 to 200 characters/);
  });

  it('METRICS_TOKEN is long enough to be a secret', () => {
    expect(() => loadEnvironment({ ...required, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadEnvironment({ ...required, METRICS_TOKEN: 'a-long-enough-token' }).METRICS_TOKEN).toBe('a-long-enough-token');
  });
});
