import { z } from 'zod';

/**
 * The Google Sheets export's constants (docs/product/account-exports-reports.md §9): a 100,000-row cap, up to 3
 * re-authorisations, the scopes asked for: the spec's four, and drive.file (only the files this app made) so an export
 * that fails or is cancelled can delete the spreadsheet it made (docs/decisions.md, "Issue 21: no orphan spreadsheet").
 */
export const googleSheetsMaxRows = 100_000;
export const googleSheetsMaxReauthorisations = 3;
export const googleDriveFileScope = 'https://www.googleapis.com/auth/drive.file';
export const googleSheetsScopes = ['https://www.googleapis.com/auth/spreadsheets', googleDriveFileScope, 'profile', 'openid', 'email'] as const;
/** The page Google sends the authorisation popup back to (it posts the code to /auth/setgoogletoken). */
export const googleAuthCallbackPath = '/google-auth/callback';

/** The documented texts (docs/product/account-exports-reports.md §8), word for word, and the upsell button (docs/product/account-exports-reports.md §9). */
export const googleSheetsMessages = {
  shared: 'Successfully shared to Google Sheets.',
  shareFailed: 'Unable to share to Google Sheets. Please contact support if this issue persists.',
  authorisationRemoved: 'Successfully removed Google Authorization.',
  authorisationRemovalFailed: 'Unable to remove Google Authorization. Please contact support if this issue persists.',
  overLimit: 'Google Sheets is limited to 100k rows. If you would like more results, please export as CSV.',
  exportCappedButton: 'Export 100k Rows',
  // Not in the catalogue: what the API answers when a step cannot go on.
  notConfigured: 'Google Sheets export is not configured on this server. An administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  notAuthorised: 'Connect your Google account to export to Google Sheets.',
  authorisationFailed: 'Google did not accept the authorization. Please try again.',
} as const;

/** POST /auth/setgoogletoken (docs/product/account-exports-reports.md §7): the authorisation code from Google's consent screen. */
export const setGoogleTokenSchema = z.object({
  code: z.string({ error: 'code is required.' }).trim().min(1, 'code is required.').max(2048),
  /** The redirect URI the code was issued for (Google requires the same one at the exchange); default: this site's callback. */
  redirectUri: z.url().optional(),
});

/** POST /auth/checkgoogleauth: whether this user has a Google authorisation, and what the browser needs to ask for one. */
export interface GoogleAuthState {
  configured: boolean;
  hasGoogleToken: boolean;
  /** The consent screen address without redirect_uri and state (the browser adds them); null when not configured. */
  authorizeUrl: string | null;
}

/** POST /Endpoints/Core/ExportGoogleSheets (docs/product/account-exports-reports.md §7): rows the page holds, into a new spreadsheet; answers { url }. */
export const exportGoogleSheetsSchema = z.object({
  filename: z.string().trim().max(120, 'The file name is at most 120 characters.').default('export'),
  jsonString: z.string({ error: 'jsonString is required.' }).max(5_000_000, 'The export is too large; export the table instead.'),
});
