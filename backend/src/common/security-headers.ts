import type { Environment } from '@serpwise/contracts';
import type { NextFunction, Request, Response } from 'express';

type HeaderSettings = Pick<Environment, 'CAPTCHA_SCRIPT_URL' | 'SESSION_COOKIE_SECURE'>;

/** reCAPTCHA's script loads its code from gstatic and shows its challenge in a frame of its own origin. */
const captchaCompanions: Record<string, string[]> = {
  'https://www.google.com': ['https://www.gstatic.com'],
  'https://www.recaptcha.net': ['https://www.gstatic.com'],
};

/**
 * The Content-Security-Policy the built web app runs under (checked in Chromium by web/e2e/security-headers.e2e.ts):
 * scripts from this site only (Vite emits no inline script; the csrf token is a meta tag, not a script) plus the
 * captcha script's origin; inline styles (React's style attributes and the SVG charts'); images from this site,
 * data: and blob:; Socket.IO and every call to this site only; never in a frame of another site.
 */
export function contentSecurityPolicy(settings: HeaderSettings): string {
  const captcha = new URL(settings.CAPTCHA_SCRIPT_URL).origin;
  const captchaSources = [captcha, ...(captchaCompanions[captcha] ?? [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...captchaSources],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...captchaSources],
    'frame-src': ["'self'", ...captchaSources],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** 180 days; sent only when the site runs on https (SESSION_COOKIE_SECURE), since HSTS on plain http locks users out. */
const hstsSeconds = 180 * 24 * 3600;

/**
 * Security headers on every answer, pages and API alike (docs/decisions.md, issue 16): the CSP above, no framing by
 * other sites, no MIME sniffing, the origin only as referrer to other sites, and HSTS on https installations.
 */
export function securityHeaders(settings: HeaderSettings) {
  const policy = contentSecurityPolicy(settings);
  return (request: Request, response: Response, next: NextFunction) => {
    // bull-board too: it loads its fonts from this site since issue 23, so no page may reach Google Fonts.
    response.setHeader('Content-Security-Policy', policy);
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (settings.SESSION_COOKIE_SECURE) response.setHeader('Strict-Transport-Security', `max-age=${hstsSeconds}`);
    next();
  };
}

/**
 * A PDF shown in the browser's own viewer: Chromium embeds the viewer in a page that the response's policy governs,
 * and `object-src 'none'` can leave it blank. The PDF keeps every other header (no framing, no sniffing).
 */
export function allowPdfViewer(response: Response): void {
  response.removeHeader('Content-Security-Policy');
}
