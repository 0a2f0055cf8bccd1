import { csrfHeaderName, csrfMetaName } from '@serpwise/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * bull-board without the internet (issue 23 point 5). Its page asks Google Fonts for IBM Plex Sans and Mono, which
 * fails on an offline install; here the installed template is rewritten to load the same fonts from this site
 * (the @fontsource packages' files), and to send the session's cross-site token with its own PUT/POST calls (the
 * API's CSRF guard covers bull-board's actions like every other change).
 */
const require = createRequire(import.meta.url);

/** Where the rewritten page's own assets are served, under the board's base path. */
export const localAssetsSegment = 'local-assets';

/** The fonts the board's CSS names, and the weights its template asked Google for: latin subset, woff2. */
const fontFiles: Record<string, { family: string; weight: number; file: string }> = {};
for (const [family, pkg, weights] of [
  ['IBM Plex Sans', '@fontsource/ibm-plex-sans', [400, 500, 600]],
  ['IBM Plex Mono', '@fontsource/ibm-plex-mono', [400, 500]],
] as const) {
  const stem = pkg.split('/')[1]!;
  const dir = join(dirname(require.resolve(`${pkg}/package.json`)), 'files');
  for (const weight of weights) {
    const name = `${stem}-latin-${weight}-normal.woff2`;
    fontFiles[name] = { family, weight, file: join(dir, name) };
  }
}

/** The font file of a name the stylesheet gives, or null for any other name (no path reaches outside the list). */
export const localFontFile = (name: string): string | null => fontFiles[name]?.file ?? null;

export const localFontsCss = Object.entries(fontFiles)
  .map(([name, font]) => `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:${font.weight};src:url(${name}) format('woff2');}`)
  .join('\n');

/**
 * Adds the session's token to the board's own state-changing calls (axios over XMLHttpRequest, and fetch); a
 * classic script that runs before the board's deferred bundles. Calls to other origins are left alone.
 */
export const csrfHeaderScript = `(function () {
  var meta = document.querySelector('meta[name="${csrfMetaName}"]');
  if (!meta) return;
  var token = meta.getAttribute('content');
  var safe = /^(GET|HEAD|OPTIONS)$/i;
  var sameOrigin = function (url) { try { return new URL(url, location.href).origin === location.origin; } catch (e) { return false; } };
  var open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) { this.__swChanges = !safe.test(String(method)) && sameOrigin(url); return open.apply(this, arguments); };
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () { if (this.__swChanges) this.setRequestHeader('${csrfHeaderName}', token); return send.apply(this, arguments); };
  var originalFetch = window.fetch;
  window.fetch = function (input, init) {
    var request = new Request(input, init);
    if (safe.test(request.method) || !sameOrigin(request.url)) return originalFetch.call(this, input, init);
    var headers = new Headers(request.headers);
    headers.set('${csrfHeaderName}', token);
    return originalFetch.call(this, new Request(request, { headers: headers }));
  };
})();
`;

const googleFontsLink = /<link[^>]+fonts\.(googleapis|gstatic)\.com[^>]*>\s*/g;

/**
 * The installed index.ejs with every Google Fonts link taken out and the local stylesheet, the token's meta tag and
 * the header script put at the end of the head (after its <base>, which the relative paths need). Throws when the
 * template has no head (a bull-board that changed shape should fail at start, not serve a page that calls out).
 */
export function offlineTemplate(template = readFileSync(join(dirname(require.resolve('@bull-board/ui/package.json')), 'dist/index.ejs'), 'utf8')): string {
  if (!template.includes('</head>')) throw new Error('bull-board template has no </head>: cannot make it work offline');
  const local = [
    `<meta name="${csrfMetaName}" content="<%= csrfToken %>" />`,
    `<link href="${localAssetsSegment}/fonts.css" rel="stylesheet">`,
    `<script src="${localAssetsSegment}/csrf-header.js"></script>`,
  ].join('\n    ');
  return template.replace(googleFontsLink, '').replace('</head>', `${local}\n</head>`);
}
