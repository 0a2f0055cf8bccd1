import { Inject, Injectable } from '@nestjs/common';
import { csrfMetaName, type Environment } from '@serpwise/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENT } from '@serpwise/platform';

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built index.html, read once, with the session's cross-site request token written into its meta tag. */
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

  render({ csrfToken }: { csrfToken: string }): string {
    const tag = `<meta name="${csrfMetaName}" content="${escapeAttribute(csrfToken)}">`;
    const pattern = new RegExp(`<meta name="${csrfMetaName}" content="[^"]*"\\s*/?>`);
    return pattern.test(this.template) ? this.template.replace(pattern, tag) : this.template.replace('</head>', `${tag}</head>`);
  }
}
