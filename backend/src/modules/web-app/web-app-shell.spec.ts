import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '@serpwise/contracts';
import { WebAppShell } from './web-app-shell.js';

function shellWith(html: string) {
  const dir = mkdtempSync(join(tmpdir(), 'sw-shell-'));
  writeFileSync(join(dir, 'index.html'), html);
  return new WebAppShell({ WEB_DIST_DIR: dir } as Environment);
}

describe('WebAppShell', () => {
  it('writes the session token into the csrf meta tag', () => {
    const shell = shellWith('<html><head><meta name="csrf-token" content="" /></head><body></body></html>');
    expect(shell.render({ csrfToken: 'abc123' })).toContain('<meta name="csrf-token" content="abc123">');
  });

  it('escapes the token so it cannot break out of the attribute', () => {
    const shell = shellWith('<html><head><meta name="csrf-token" content=""></head></html>');
    const html = shell.render({ csrfToken: '"><script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('adds the tag when the page has none', () => {
    const shell = shellWith('<html><head><title>x</title></head></html>');
    expect(shell.render({ csrfToken: 't' })).toContain('<title>x</title><meta name="csrf-token" content="t">');
  });

  it('says whether the page was served to a logged-in user or a visitor', () => {
    const shell = shellWith('<html><head><meta name="csrf-token" content="" /></head><body></body></html>');
    expect(shell.render({ csrfToken: 't', loggedIn: true })).toContain('<meta name="serpwise-session" content="user"></head>');
    expect(shell.render({ csrfToken: 't' })).toContain('<meta name="serpwise-session" content="visitor"></head>');
    expect(shell.render({ csrfToken: 't' })).toContain('<meta name="csrf-token" content="t">');
  });
});
