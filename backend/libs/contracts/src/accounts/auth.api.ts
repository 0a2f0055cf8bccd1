import { z } from 'zod';

/**
 * Payloads of the documented auth calls (docs/product/site.md §3, §7). Field checks that have documented messages
 * (e-mail format, password length) are made by the service so the answer can list them in data.errors;
 * these schemas only refuse what no form could send (wrong types, unknown fields).
 */
const captchaToken = z.string().max(4096).nullable().optional();
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const loginRequestSchema = z
  .object({
    username: text(254),
    password: text(200),
    remember: z.boolean().optional(),
    rememberMe: z.boolean().optional(),
    source: text(64).optional(),
    token: captchaToken,
    returnUrl: text(2048).optional(),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email: text(254),
    password: text(200),
    name: text(120).optional(),
    token: captchaToken,
    source: text(64).optional(),
    remember: z.boolean().optional(),
    rememberMe: z.boolean().optional(),
    /** The page a sign-up prompt was on, carried through onboarding (docs/decisions.md issue 24). */
    returnUrl: text(2048).optional(),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: text(254), token: captchaToken }).strict();

export const resetPasswordRequestSchema = z
  .object({ token: z.string().min(1).max(200), newPassword: text(200), confirmPassword: text(200) })
  .strict();

/** The answer of every auth call: the documented data.isSuccessful and data.errors. */
export const authAnswerSchema = z.object({
  data: z.object({
    isSuccessful: z.boolean(),
    errors: z.array(z.string()),
    /** Where the client goes next (returnUrl, /onboarding, /add-users). */
    redirectUrl: z.string().optional(),
  }),
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** GET /rest/auth/password-reset: whether a reset link still works. */
export const resetLinkStateSchema = z.object({ isValid: z.boolean() });
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;

/** GET /rest/auth/settings: the captcha settings of the login and sign-up panels. */
export const captchaSettingsSchema = z.object({ captchaEnabled: z.boolean(), siteKey: z.string().nullable(), scriptUrl: z.string().nullable() });
export type CaptchaSettings = z.infer<typeof captchaSettingsSchema>;

/**
 * Where a logged-in page goes: the returnUrl when it is a path on this site (path, query and hash kept), else the
 * fallback. Browsers drop tabs and line breaks from an address and read a backslash as a slash, so a control
 * character anywhere or a backslash in the path refuses it: '//evil.example', '/\\evil.example' and
 * '/\t/evil.example' never leave the site (an open redirect).
 */
export function safeReturnUrl(value: string | undefined | null, fallback = '/'): string {
  if (!value || value.length > 2048 || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  const path = value.split(/[?#]/, 1)[0]!;
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? value : fallback;
}
