import { Inject, Injectable } from '@nestjs/common';
import { csrfMetaName, sessionMetaName, type Environment } from '@serpwise/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENT } from '@serpwise/platform';

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The built index.html, read once, with the session's cross-site request token written into its meta tag and whether a
 * user is logged in (so a login-only page shows its login form in its first render).
 */
@Injectable()
export class WebAppShell {
  readonly distDir: string;
  private readonly template: string;

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    this.distDir = resolve(environment.WEB_DIST_DIR ?? fileURLToPath(new URL('../../../../web/dist', import.meta.url)));
    const indexFile = resolve(this.distDir, 'index.html');
    this.template = existsSync(indexFile)
      ? readFileSync(indexFile, 'utf8')
      : `<!doctype html><html><head><meta name="${csrfMetaName}" content=""></head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>`;
  }

  render({ csrfToken, loggedIn = false }: { csrfToken: string; loggedIn?: boolean }): string {
    const withToken = writeMeta(this.template, csrfMetaName, csrfToken);
    return writeMeta(withToken, sessionMetaName, loggedIn ? 'user' : 'visitor');
  }
}

/** Sets the content of the page's `<meta name=…>` tag, adding the tag at the end of the head when there is none. */
function writeMeta(html: string, name: string, content: string): string {
  const tag = `<meta name="${name}" content="${escapeAttribute(content)}">`;
  const pattern = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
  return pattern.test(html) ? html.replace(pattern, tag) : html.replace('</head>', `${tag}</head>`);
}
