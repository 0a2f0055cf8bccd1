import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { contentSecurityPolicy, securityHeaders } from './security-headers.js';

const settings = { CAPTCHA_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js', SESSION_COOKIE_SECURE: false };

function headersOf(options: typeof settings, path = '/'): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as unknown as Response;
  securityHeaders(options)({ path } as Request, response, () => undefined);
  return headers;
}

describe('securityHeaders', () => {
  it('allows scripts from this site and the captcha only, and no framing by any site', () => {
    const policy = contentSecurityPolicy(settings);
    expect(policy).toContain("script-src 'self' https://www.google.com https://www.gstatic.com;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('names a self-hosted captcha script by its own origin', () => {
    expect(contentSecurityPolicy({ ...settings, CAPTCHA_SCRIPT_URL: 'https://captcha.example/api.js' })).toContain("script-src 'self' https://captcha.example;");
  });

  it('sends HSTS only on an https installation (SESSION_COOKIE_SECURE)', () => {
    expect(headersOf(settings)['strict-transport-security']).toBeUndefined();
    expect(headersOf({ ...settings, SESSION_COOKIE_SECURE: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headersOf(settings)).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
  });

  it('lets no page, bull-board included, load fonts or styles from another site (issue 23: it works offline)', () => {
    for (const path of ['/admin/bull-board/', '/']) {
      const policy = headersOf(settings, path)['content-security-policy']!;
      expect(policy).toContain("font-src 'self' data:;");
      expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    }
  });
});
