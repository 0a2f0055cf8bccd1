import { apiRequest } from '@/lib/api-client';

export type CaptchaAction = 'login_user' | 'create_free_account';

interface CaptchaSettings {
  captchaEnabled: boolean;
  siteKey: string | null;
  scriptUrl: string | null;
}

/** The part of a reCAPTCHA v3 compatible script the panels use. */
interface CaptchaClient {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: CaptchaClient;
  }
}

let settings: Promise<CaptchaSettings> | null = null;
let scriptLoad: Promise<void> | null = null;

const loadSettings = () => (settings ??= apiRequest<CaptchaSettings>('/rest/auth/settings'));

function loadScript(url: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = null; // let a later attempt try again
      reject(new Error(`The captcha script did not load: ${url}`));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/**
 * The captcha token for login_user / create_free_account (docs/product/site.md §7). Null when the server has no captcha
 * configured, and also when the captcha is unavailable (script blocked, provider down): the spec sends null then,
 * and the server decides.
 */
export async function captchaToken(action: CaptchaAction): Promise<string | null> {
  try {
    const { captchaEnabled, siteKey, scriptUrl } = await loadSettings();
    if (!captchaEnabled || !siteKey || !scriptUrl) return null;
    if (!window.grecaptcha) await loadScript(`${scriptUrl}${scriptUrl.includes('?') ? '&' : '?'}render=${encodeURIComponent(siteKey)}`);
    const client = window.grecaptcha;
    if (!client) return null;
    await new Promise<void>((resolve) => client.ready(resolve));
    return await client.execute(siteKey, { action });
  } catch {
    settings = null; // ask the server again next time
    return null;
  }
}

/** Test hook: forget the cached settings and script. */
export function resetCaptchaForTests() {
  settings = null;
  scriptLoad = null;
}
