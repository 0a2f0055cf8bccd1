import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jsonResponse } from '@test/fake-socket';
import { captchaToken, resetCaptchaForTests } from './captcha-token';

const fetchMock = jest.fn<(url: string) => Promise<Response>>();
const execute = jest.fn<(siteKey: string, options: { action: string }) => Promise<string>>();

function serverSettings(settings: object) {
  fetchMock.mockImplementation(async (url) => (url === '/rest/auth/settings' ? jsonResponse(settings) : jsonResponse({}, 404)));
}

beforeEach(() => {
  resetCaptchaForTests();
  fetchMock.mockReset();
  execute.mockReset();
  document.head.innerHTML = '';
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  delete window.grecaptcha;
});

describe('captchaToken', () => {
  it('is null, and loads no script, when the server has no captcha', async () => {
    serverSettings({ captchaEnabled: false, siteKey: null, scriptUrl: null });
    await expect(captchaToken('login_user')).resolves.toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('loads the configured script with the site key and asks a token for the action', async () => {
    serverSettings({ captchaEnabled: true, siteKey: 'site-key', scriptUrl: 'https://captcha.example/api.js' });
    execute.mockResolvedValue('token-123');
    const token = captchaToken('create_free_account');
    const script = await waitForScript();
    expect(script.src).toBe('https://captcha.example/api.js?render=site-key');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script.onload?.(new Event('load'));
    await expect(token).resolves.toBe('token-123');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'create_free_account' });
  });

  it('is null when the captcha script cannot load (the server then decides)', async () => {
    serverSettings({ captchaEnabled: true, siteKey: 'site-key', scriptUrl: 'https://captcha.example/api.js' });
    const token = captchaToken('login_user');
    (await waitForScript()).onerror?.(new Event('error'));
    await expect(token).resolves.toBeNull();
  });
});

async function waitForScript(): Promise<HTMLScriptElement> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const script = document.querySelector('script');
    if (script) return script;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no script was added');
}
