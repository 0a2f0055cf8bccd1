import { z } from 'zod';
import { countryCodeSchema } from '../research/territories.js';

/**
 * PDF reports (docs/product/account-exports-reports.md §3 "Report choices", "PDF export state"): the templates, the designs,
 * the sections a report can hold, and the options a browser sends. Rendering lives in @serpwise/reports.
 */
export const reportTemplates = ['Comprehensive', 'Executive', 'Opportunity', 'Progress', 'Strategy'] as const;
export type ReportTemplate = (typeof reportTemplates)[number];

export const reportDesigns = ['Surf', 'Executive', 'Arc', 'Slate', 'Whiteboard', 'Zest', 'Harmony', 'White'] as const;
export type ReportDesign = (typeof reportDesigns)[number];

/** The PDF export state's styleId: a design's position in the documented list, from 1 (Surf) to 8 (White). */
export const reportDesignOfStyleId = (styleId: number): ReportDesign | undefined => reportDesigns[styleId - 1];
export const styleIdOfReportDesign = (design: ReportDesign): number => reportDesigns.indexOf(design) + 1;

/** The sections a report can hold; `printId` is the exportable element's id of the PDF export state. */
export const reportSections = [
  { printId: 'overview', title: 'Domain Overview' },
  { printId: 'traffic-history', title: 'Organic Traffic History' },
  { printId: 'top-keywords', title: 'Top Organic Keywords' },
  { printId: 'ranking-changes', title: 'Ranking Changes' },
  { printId: 'opportunities', title: 'Keyword Opportunities' },
  { printId: 'competitors', title: 'Organic Competitors' },
  { printId: 'keyword-overlap', title: 'Keyword Overlap' },
  { printId: 'top-pages', title: 'Top Pages' },
  { printId: 'ppc-overview', title: 'PPC Overview' },
  { printId: 'ppc-keywords', title: 'Top Paid Keywords' },
  { printId: 'ppc-competitors', title: 'PPC Competitors' },
  { printId: 'backlinks', title: 'Backlinks' },
  // A project's tracked keywords (issue 22 point 4): only in a report about a project (or one of its groups).
  { printId: 'tracked-keywords', title: 'Tracked Keywords' },
  { printId: 'keyword-winners-losers', title: 'Winners and Losers' },
  { printId: 'keyword-groups', title: 'Keyword Groups' },
  { printId: 'keyword-list', title: 'Keyword List' },
  { printId: 'competitor-comparison', title: 'Competitor Comparison' },
] as const;
export type ReportSectionId = (typeof reportSections)[number]['printId'];
export const reportSectionIds = reportSections.map((section) => section.printId) as [ReportSectionId, ...ReportSectionId[]];
/** The sections about a project's tracked keywords: printed only when the report names a project. */
export const projectReportSectionIds = ['tracked-keywords', 'keyword-winners-losers', 'keyword-groups', 'keyword-list', 'competitor-comparison'] as const satisfies readonly ReportSectionId[];
export const isProjectReportSection = (id: string): boolean => (projectReportSectionIds as readonly string[]).includes(id);
export const reportSectionTitle = (printId: ReportSectionId): string => reportSections.find((section) => section.printId === printId)!.title;

/** Each template's sections, in the order it prints them when the user picks none (a domain report: no project sections). */
export const reportTemplateSections: Record<ReportTemplate, readonly ReportSectionId[]> = {
  Comprehensive: reportSectionIds.filter((id) => !isProjectReportSection(id)),
  Executive: ['overview', 'traffic-history', 'competitors', 'ppc-overview'],
  Opportunity: ['overview', 'opportunities', 'ranking-changes', 'keyword-overlap', 'ppc-competitors'],
  Progress: ['overview', 'traffic-history', 'ranking-changes', 'top-pages', 'ppc-overview', 'backlinks'],
  Strategy: ['overview', 'competitors', 'keyword-overlap', 'top-keywords', 'ppc-competitors', 'ppc-keywords', 'backlinks'],
};

/**
 * The project sections a template puts first when the report names a project and the user picks no sections. The
 * Executive template stays its one page of domain figures.
 */
export const reportTemplateProjectSections: Record<ReportTemplate, readonly ReportSectionId[]> = {
  Comprehensive: projectReportSectionIds,
  Executive: [],
  Opportunity: ['keyword-winners-losers', 'competitor-comparison'],
  Progress: ['tracked-keywords', 'keyword-winners-losers', 'keyword-groups'],
  Strategy: ['tracked-keywords', 'competitor-comparison', 'keyword-groups'],
};

/** A group's report ("Create PDF Report" on a project group): its keywords' sections, nothing about the whole domain. */
export const groupReportSections: readonly ReportSectionId[] = ['tracked-keywords', 'keyword-winners-losers', 'keyword-list', 'competitor-comparison'];

/** The row cap of every table in a report: the default and the most a request may ask for. */
export const reportRowLimits = { default: 10, max: 50 } as const;

/** Lengths of the free texts; comments share the documented textarea limit (docs/product/account-exports-reports.md §5). */
export const reportTextLimits = { title: 120, preparedBy: 100, preparedFor: 100, comments: 1770 } as const;

export const reportMessages = {
  unknownTemplate: `The template must be one of ${reportTemplates.join(', ')}.`,
  unknownDesign: `The design must be one of ${reportDesigns.join(', ')}.`,
  unknownSection: `A section must be one of ${reportSectionIds.join(', ')}.`,
  titleTooLong: `The title is at most ${reportTextLimits.title} characters.`,
  preparedByTooLong: `"Prepared by" is at most ${reportTextLimits.preparedBy} characters.`,
  preparedForTooLong: `"Prepared for" is at most ${reportTextLimits.preparedFor} characters.`,
  commentsTooLong: `The max number of characters is ${reportTextLimits.comments}`,
  rowLimit: `Rows per table must be a whole number from 1 to ${reportRowLimits.max}.`,
  month: 'The month must be written YYYY-MM.',
  domainRequired: 'Enter the domain the report is about.',
  projectId: 'The project id must be a UUID.',
  groupHash: 'The group hash must be a UUID.',
  groupWithoutProject: 'A group report needs the project the group belongs to.',
} as const;

/** Said before the brand contracts below, because reportOptionsSchema names a brand too. */
const reportBrandMessagesBase = { unknownBrand: 'Choose one of your brands.' } as const;

/** A list parameter sent either as an array or as one comma-separated string (a query string). */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value), z.array(item));

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional().default('');

/**
 * What a user chooses for a report (the PDF export modal's fields): the domain and territory it is about, the
 * template and design, the texts, the selected sections in their order (none = the template's), the row cap per
 * table, and whether to white-label it (honoured only for full recon users).
 */
export const reportOptionsSchema = z.object({
  domain: z.string({ error: reportMessages.domainRequired }).trim().min(1, reportMessages.domainRequired).max(253),
  countryCode: countryCodeSchema,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, reportMessages.month).optional(),
  template: z.enum(reportTemplates, { error: reportMessages.unknownTemplate }).default('Comprehensive'),
  design: z.enum(reportDesigns, { error: reportMessages.unknownDesign }).default('Surf'),
  customTitle: optionalText(reportTextLimits.title, reportMessages.titleTooLong),
  preparedBy: optionalText(reportTextLimits.preparedBy, reportMessages.preparedByTooLong),
  preparedFor: optionalText(reportTextLimits.preparedFor, reportMessages.preparedForTooLong),
  comments: optionalText(reportTextLimits.comments, reportMessages.commentsTooLong),
  sections: listOf(z.enum(reportSectionIds, { error: reportMessages.unknownSection })).optional(),
  rowLimit: z.coerce.number({ error: reportMessages.rowLimit }).int(reportMessages.rowLimit).min(1, reportMessages.rowLimit).max(reportRowLimits.max, reportMessages.rowLimit).default(reportRowLimits.default),
  whiteLabel: z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean()).default(false),
  /** The brand a white-labelled report carries (issue 22 point 2); absent: the account's default brand. */
  brandId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid(reportBrandMessagesBase.unknownBrand).optional()),
  /** The project whose tracked keywords the project sections print (its domain and territory are the report's). */
  projectId: z.uuid(reportMessages.projectId).optional(),
  /** Narrows the project sections to one of the project's groups. */
  groupHash: z.uuid(reportMessages.groupHash).optional(),
}).refine((options) => !options.groupHash || options.projectId, { message: reportMessages.groupWithoutProject, path: ['groupHash'] });
export type ReportOptionsInput = z.input<typeof reportOptionsSchema>;
export type ReportOptions = z.output<typeof reportOptionsSchema>;

/** An exportable element of the PDF export state: a section, whether it is selected, and its place. */
export interface ExportableElement {
  printId: string;
  isSelected: boolean;
  order: number;
}

/** The selected sections of the export modal's element list, in their order (unknown ids are skipped). */
export function sectionsOfElements(elements: readonly ExportableElement[]): ReportSectionId[] {
  const known = new Set<string>(reportSectionIds);
  return elements
    .map((element, index) => ({ element, index }))
    .filter(({ element }) => element.isSelected && known.has(element.printId))
    .sort((a, b) => a.element.order - b.element.order || a.index - b.index)
    .map(({ element }) => element.printId as ReportSectionId);
}

// ---------------------------------------------------------------------------------------------------------------
// Report design (white label) of /account/reportdesign
// ---------------------------------------------------------------------------------------------------------------

/** The logo of a white-labelled report: a small PNG or JPEG. */
export const reportLogoLimits = { maxBytes: 200 * 1024, types: ['image/png', 'image/jpeg'] as const } as const;
export type ReportLogoType = (typeof reportLogoLimits.types)[number];

export const reportDesignLimits = { companyName: 100 } as const;

/** The colours a report design starts with before the user picks their own. */
export const defaultReportColors = { primaryColor: '#1d4ed8', accentColor: '#f59e0b' } as const;

export const reportDesignMessages = {
  companyNameTooLong: `The company name is at most ${reportDesignLimits.companyName} characters.`,
  colorInvalid: 'Enter a colour as # and six hexadecimal digits, like #1d4ed8.',
  logoMissing: 'Choose a logo file to upload.',
  logoType: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: `The logo must be at most ${reportLogoLimits.maxBytes / 1024} KB.`,
  logoDimensions: 'The logo must be at most 2000 pixels wide and 2000 pixels high.',
  reconRequired: 'White-labelled reports are part of the full recon plan.',
} as const;

const colorSchema = z
  .string({ error: reportDesignMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, reportDesignMessages.colorInvalid)
  .transform((color) => color.toLowerCase());

// ---------------------------------------------------------------------------------------------------------------
// Brands (issue 22 point 2): several report designs per account, one of them the default
// ---------------------------------------------------------------------------------------------------------------

export const reportBrandLimits = { name: 60, contactLine: 200, perAccount: 50 } as const;

export const reportBrandMessages = {
  ...reportBrandMessagesBase,
  nameRequired: 'Give the brand a name.',
  nameTooLong: `The brand name is at most ${reportBrandLimits.name} characters.`,
  contactLineTooLong: `The contact line is at most ${reportBrandLimits.contactLine} characters.`,
  tooMany: `An account can have at most ${reportBrandLimits.perAccount} brands.`,
  notFound: 'Brand not found.',
  ownerOnly: 'Only the account owner can change its brands.',
  created: 'The brand has been created.',
  saved: 'The brand has been saved.',
  deleted: 'The brand has been deleted.',
  madeDefault: 'This is now your default brand.',
  moveTargetInvalid: 'Choose another of your brands to move its scheduled reports to.',
} as const;

const scheduledReportsText = (count: number) => (count === 1 ? '1 scheduled report' : `${count} scheduled reports`);

/** Deleting a brand that schedules still use is refused (409) until they are moved to another brand. */
export const reportBrandInUseMessage = (name: string, count: number) =>
  `“${name}” is used by ${scheduledReportsText(count)}. Choose another brand for ${count === 1 ? 'it' : 'them'}, then delete.`;

export const reportBrandMovedMessage = (count: number, target: string) =>
  `The brand has been deleted; its ${scheduledReportsText(count)} now ${count === 1 ? 'uses' : 'use'} “${target}”.`;

/** A brand's fields: its name in the lists, and the design (company name, colours, contact line) its reports carry. */
export const saveReportBrandSchema = z
  .object({
    name: z.string({ error: reportBrandMessages.nameRequired }).trim().min(1, reportBrandMessages.nameRequired).max(reportBrandLimits.name, reportBrandMessages.nameTooLong),
    companyName: z.string().trim().max(reportDesignLimits.companyName, reportDesignMessages.companyNameTooLong).default(''),
    primaryColor: colorSchema,
    accentColor: colorSchema,
    contactLine: z.string().trim().max(reportBrandLimits.contactLine, reportBrandMessages.contactLineTooLong).default(''),
    /** Make it the account's default brand (the first brand always is). */
    isDefault: z.boolean().optional(),
  })
  .strict();
export type SaveReportBrand = z.input<typeof saveReportBrandSchema>;

/** GET /rest/account/report-brands: one brand of the account. */
/** A brand's id in a path (:id): any text is taken, and one that is not a brand of the account answers 404. */
export const reportBrandIdSchema = z.string().describe('The brand’s id (a UUID; any other value is not found: 404).');

/** DELETE …/report-brands/:id?moveSchedulesTo=: the brand the scheduled reports using this one move to. A repeated parameter counts as absent. */
export const moveSchedulesToSchema = z.string().optional().catch(undefined).describe('The id of the brand the scheduled reports using this one move to.');

/** DELETE /rest/account/report-brands/:id. */
export const reportBrandDeletedSchema = z.object({ message: z.string(), moved: z.int().min(0) });

export const reportBrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  contactLine: z.string(),
  hasLogo: z.boolean(),
  logoType: z.enum(reportLogoLimits.types).nullable(),
  logoUpdatedAt: z.string().nullable(),
  isDefault: z.boolean(),
  /** How many scheduled reports of the account (its team's included) name this brand. */
  scheduledReports: z.number(),
});
export type ReportBrand = z.infer<typeof reportBrandSchema>;

/** GET /rest/account/report-brands: the account's brands (default first), and whether the caller may change them. */
export const reportBrandListSchema = z.object({
  brands: z.array(reportBrandSchema),
  /** False for a child account: it uses its owner's brands as they are. */
  canEdit: z.boolean(),
});
export type ReportBrandList = z.infer<typeof reportBrandListSchema>;
