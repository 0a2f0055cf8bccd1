import { z } from 'zod';
import { restPrefix } from '../http/conventions.js';

/**
 * Shared web views of generated reports (issue 22 point 5): a report's owner makes a link that opens the report
 * read-only, without an account, until it expires or is revoked. Calls (not in the spec, under /rest/):
 * GET and POST /rest/reports/jobs/:id/share-links, POST /rest/reports/share-links/:id/revoke; the link itself opens
 * GET /rest/reports/shared/:token (the page) and /rest/reports/shared/:token/pdf.
 */

/** How long a link works, in days: the choices offered, and the default. */
export const shareLinkDays = [7, 30, 90] as const;
export type ShareLinkDays = (typeof shareLinkDays)[number];
export const defaultShareLinkDays: ShareLinkDays = 30;

export const shareLinkMessages = {
  days: `A share link lasts ${shareLinkDays.slice(0, -1).join(', ')} or ${shareLinkDays.at(-1)} days.`,
  notFound: 'Report not found.',
  linkNotFound: 'Share link not found.',
  notReady: 'Only a finished report can be shared.',
  noView: 'This report was made before reports could be shared. Make it again to share it.',
  gone: 'This report is no longer kept, so it cannot be shared.',
} as const;

export const createShareLinkSchema = z.object({
  days: z.literal(shareLinkDays, { error: shareLinkMessages.days }).default(defaultShareLinkDays),
});
export type CreateShareLink = z.input<typeof createShareLinkSchema>;

/** The random part of a link: 32 bytes as base64url (43 characters). */
export const shareTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The token in a shared link's path: any text is taken; one that opens no report answers the notice page (404 or 410). */
export const sharedReportTokenSchema = z.string().describe('The link’s token, as the share link’s url gives it.');

export const shareLinkStates = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof shareLinkStates)[number];

/** A share link as its owner sees it. `url` is there once, in the answer that made it: only the token's hash is kept. */
export const reportShareLinkSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  state: z.enum(shareLinkStates),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  openCount: z.number(),
  url: z.string().nullable(),
});
export type ReportShareLink = z.infer<typeof reportShareLinkSchema>;

export const sharedReportPath = (token: string) => `${restPrefix}/reports/shared/${token}`;
export const sharedReportPdfPath = (token: string) => `${sharedReportPath(token)}/pdf`;
