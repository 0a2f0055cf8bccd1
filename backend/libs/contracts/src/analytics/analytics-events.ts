import { cardTypes } from '../accounts/card.js';
import { reportTemplates } from '../reports/report.api.js';
import { pdfReportFrequencies } from '../reports/pdf-export.api.js';
import { researchTableIds } from '../tables/research-table.js';
import { territoryCodes } from '../research/territories.js';
import { missedSearchEvents } from '../research/search.js';

/**
 * The analytics events (docs/product/site.md §7, docs/product/analytics.md): each has a name, a category, an action
 * and a label. The documented names are kept as written (Acct_Billed, Acct_Cancelled, Acct_Password_Reset,
 * Acct_CCInfo_Changed, the three missed searches with their category and action, the four export types); the rest
 * follow the same Area_Thing_Done pattern.
 *
 * No personal data: every label comes from a closed list (a table id, a territory, a plan, a template, a count's
 * bucket …), never from what a user typed, an e-mail address, a name or an id. analyticsLabelProblem checks it.
 */

/** What an event's label may be. */
export type AnalyticsLabelRule =
  | { kind: 'none' }
  /** One of a closed list of values (the label is always one of them). */
  | { kind: 'oneOf'; values: readonly string[] };

export interface AnalyticsEventDefinition {
  category: string;
  action: string;
  label: AnalyticsLabelRule;
  /** Sent by the browser through the documented call (GET /endpoints/accountapi/performloggedineventlogging). */
  client?: true;
}

const none = { kind: 'none' } as const satisfies AnalyticsLabelRule;
const oneOf = (values: readonly string[]): AnalyticsLabelRule => ({ kind: 'oneOf', values });

/** A count said as a bucket, never the number itself (a number of keywords is a fact about an account). */
export const analyticsCountBuckets = ['1', '2-10', '11-100', '101-1000', 'over 1000'] as const;
export function analyticsCountBucket(count: number): (typeof analyticsCountBuckets)[number] {
  if (count <= 1) return '1';
  if (count <= 10) return '2-10';
  if (count <= 100) return '11-100';
  if (count <= 1000) return '101-1000';
  return 'over 1000';
}

const tablesOf = (area: string) => researchTableIds.filter((id) => id.startsWith(`${area}/`) && id !== 'outreach/leads');
const territoryLabels = territoryCodes.map((code) => code.toLowerCase());
/** The plans a charge or a cancellation is about (the product's names, docs/product/account-exports-reports.md §1). */
export const analyticsPlanLabels = ['Basic', 'Professional', 'Team seat', 'Other'] as const;
export type AnalyticsPlanLabel = (typeof analyticsPlanLabels)[number];
/** The ways a free account is made: the registration call's source the web app sends, then 'other' (the field is free text). */
export const analyticsSignupSources = ['FreeAccount', 'other'] as const;
/** The card types the billing rules know, then 'other'. */
export const analyticsCardTypes = [...cardTypes, 'other'] as const;
/** The places a help link is opened from. */
export const analyticsHelpPlaces = ['account-menu'] as const;
/** What a clipboard copy holds: a research table's rows on screen, or the keywords selected in a table. */
export const analyticsClipboardLabels = [...researchTableIds, 'selected keywords'] as const;

export const analyticsEvents = {
  // SEO: the research screens of a domain or URL.
  SEO_Overview_Viewed: { category: 'SEO', action: 'OverviewViewed', label: oneOf(territoryLabels) },
  SEO_Table_Viewed: { category: 'SEO', action: 'TableViewed', label: oneOf(tablesOf('seo')) },
  // PPC
  PPC_Table_Viewed: { category: 'PPC', action: 'TableViewed', label: oneOf(tablesOf('ppc')) },
  // Keyword research and the keywords of a project.
  Keyword_Overview_Viewed: { category: 'Keyword', action: 'OverviewViewed', label: oneOf(territoryLabels) },
  Keyword_Table_Viewed: { category: 'Keyword', action: 'TableViewed', label: oneOf(tablesOf('keyword')) },
  Keyword_Added_To_Project: { category: 'Keyword', action: 'AddedToProject', label: oneOf(analyticsCountBuckets) },
  // Outreach: the research tables and the project's CRM.
  Outreach_Table_Viewed: { category: 'Outreach', action: 'TableViewed', label: oneOf(tablesOf('outreach')) },
  Outreach_Website_Added: { category: 'Outreach', action: 'WebsiteAdded', label: none },
  Outreach_Link_Added: { category: 'Outreach', action: 'LinkAdded', label: none },
  // Sites: the user's projects (My Sites, /hq).
  Sites_Project_Created: { category: 'Sites', action: 'ProjectCreated', label: none },
  // Leads: the outreach leads table and new free accounts.
  Leads_Table_Viewed: { category: 'Leads', action: 'TableViewed', label: oneOf(['outreach/leads']) },
  Leads_Free_Signup: { category: 'Leads', action: 'FreeSignup', label: oneOf(analyticsSignupSources) },
  // Reports
  Report_Scheduled: { category: 'Reports', action: 'Scheduled', label: oneOf(pdfReportFrequencies) },
  // Account (documented names).
  Acct_Billed: { category: 'Account', action: 'Billed', label: oneOf(analyticsPlanLabels) },
  Acct_Cancelled: { category: 'Account', action: 'Cancelled', label: oneOf(analyticsPlanLabels) },
  Acct_Password_Reset: { category: 'Account', action: 'PasswordReset', label: none },
  Acct_CCInfo_Changed: { category: 'Account', action: 'CCInfoChanged', label: oneOf(analyticsCardTypes) },
  // Export types tracked (documented: Excel, PDF, Google Sheets, clipboard copy); the label is the table exported.
  Export_Excel: { category: 'Export', action: 'Excel', label: oneOf(researchTableIds) },
  Export_PDF: { category: 'Export', action: 'PDF', label: oneOf(reportTemplates) },
  // 'page rows': the documented /Endpoints/Core/ExportGoogleSheets, the rows of the page the user sees (no table id).
  Export_Google_Sheets: { category: 'Export', action: 'Google Sheets', label: oneOf([...researchTableIds, 'page rows']) },
  Export_Clipboard: { category: 'Export', action: 'Clipboard', label: oneOf(analyticsClipboardLabels), client: true },
  // Help
  Help_Opened: { category: 'Help', action: 'Opened', label: oneOf(analyticsHelpPlaces), client: true },
  // Missed searches (documented category and action); the missed query is never a label.
  Search_Domain_Missed: { category: missedSearchEvents.Search_Domain_Missed.eventCategory, action: missedSearchEvents.Search_Domain_Missed.eventAction, label: none },
  Search_Keyword_Missed: { category: missedSearchEvents.Search_Keyword_Missed.eventCategory, action: missedSearchEvents.Search_Keyword_Missed.eventAction, label: none },
  Search_Url_Missed: { category: missedSearchEvents.Search_Url_Missed.eventCategory, action: missedSearchEvents.Search_Url_Missed.eventAction, label: none },
} as const satisfies Record<string, AnalyticsEventDefinition>;

export type AnalyticsEventName = keyof typeof analyticsEvents;
export const analyticsEventNames = Object.keys(analyticsEvents) as [AnalyticsEventName, ...AnalyticsEventName[]];
/** The events the browser may send through the documented call. */
export const clientAnalyticsEventNames = analyticsEventNames.filter((name) => 'client' in analyticsEvents[name]);

/** A research table's id (the export menu's table may be another path). */
export const isKnownResearchTable = (id: string): id is (typeof researchTableIds)[number] => (researchTableIds as readonly string[]).includes(id);

export const isAnalyticsEventName = (name: string): name is AnalyticsEventName => Object.hasOwn(analyticsEvents, name);

/** Looks like an e-mail address, a long run of digits (a card, a phone) or a UUID: never in a label. */
const personalPatterns = [/@/, /\d{6,}/, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i];

/** Why this label may not go with this event, or null when it may. */
export function analyticsLabelProblem(name: AnalyticsEventName, label: string | null): string | null {
  const rule: AnalyticsLabelRule = analyticsEvents[name].label;
  if (rule.kind === 'none') return label === null ? null : `${name} has no label.`;
  if (label === null) return `${name} needs a label.`;
  if (personalPatterns.some((pattern) => pattern.test(label))) return `The label of ${name} looks like personal data.`;
  if (!rule.values.includes(label)) return `The label of ${name} must be one of its listed values.`;
  return null;
}

/** One event as it travels through the analytics queue and lands in analytics_event. */
export interface AnalyticsEventRecord {
  /** Made where the event happened; a retried write of the same event is a no-op. */
  id: string;
  name: AnalyticsEventName;
  category: string;
  action: string;
  label: string | null;
  /** ISO 8601. */
  occurredAt: string;
  source: 'server' | 'client';
}

/** The BullMQ queue that carries analytics events to the worker (one job per event, written in batches). */
export const analyticsQueue = 'analytics';
export const analyticsJobName = 'analytics.event';
