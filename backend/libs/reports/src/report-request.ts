import {
  defaultReportColors,
  isProjectReportSection,
  reportRowLimits,
  reportSectionIds,
  reportTemplateProjectSections,
  reportTemplateSections,
  type ReportDesign,
  type ReportLogoType,
  type ReportOptions,
  type ReportSectionId,
  type ReportTemplate,
} from '@serpwise/contracts';

/** Whose name and look a report carries. */
export type ReportBranding =
  | { kind: 'serpwise' }
  | {
      kind: 'white-label';
      /** Empty: the report names no company (and never Serpwise). */
      companyName: string;
      logo: { data: Buffer; type: ReportLogoType } | null;
      primaryColor: string;
      accentColor: string;
      /** The brand's contact line (issue 22 point 2), printed in the page footer; empty: none. */
      contactLine?: string;
    };

export const serpwiseBranding: ReportBranding = { kind: 'serpwise' };

/** Everything a report is rendered from, apart from the research data. */
export interface ReportRequest {
  template: ReportTemplate;
  design: ReportDesign;
  /** The custom title; empty = "<Template> Report for <domain>". */
  title?: string;
  preparedBy?: string;
  preparedFor?: string;
  comments?: string;
  /** The selected sections in their order; absent or empty = the template's. */
  sections?: readonly ReportSectionId[];
  subject: { domain: string; territory: string; /** YYYY-MM; absent = the territory's newest month. */ month?: string };
  /** Rows per table; clamped to 1 … reportRowLimits.max. */
  rowLimit?: number;
  branding: ReportBranding;
  /** The date printed on the cover (now when absent). */
  generatedAt?: Date;
  /**
   * The project whose tracked keywords the project sections print (one of its groups when groupHash is set), and
   * the account that must own it (checked again when the data is read: a job may run after the project changed hands).
   */
  project?: { projectId: string; groupHash?: string; ownerUserId: string };
}

/** A saved brand of an account (a report_brand row), as the renderer needs it. */
export interface SavedReportDesign {
  companyName: string;
  primaryColor: string;
  accentColor: string;
  contactLine?: string;
  logo: { data: Buffer; type: ReportLogoType } | null;
}

/**
 * The branding of a report: white label only when asked for AND the requester has the full recon plan (docs/product/account-exports-reports.md §6);
 * anyone else gets Serpwise branding. A recon user who saved no brand gets an unbranded report in the default colours.
 */
export function chooseBranding(input: { whiteLabel: boolean; isReconUser: boolean; design: SavedReportDesign | null }): ReportBranding {
  if (!input.whiteLabel || !input.isReconUser) return serpwiseBranding;
  const design = input.design ?? { companyName: '', ...defaultReportColors, logo: null };
  return {
    kind: 'white-label',
    companyName: design.companyName,
    logo: design.logo,
    primaryColor: design.primaryColor,
    accentColor: design.accentColor,
    ...(design.contactLine ? { contactLine: design.contactLine } : {}),
  };
}

/** Where a saved brand is read from: @serpwise/database's ReportBrandRepository fits as it is. */
export interface ReportBrandSource {
  findOrDefault(ownerUserId: string, id: string | null | undefined): Promise<{ id: string; companyName: string; primaryColor: string; accentColor: string; contactLine: string; hasLogo: boolean } | null>;
  logoOf(ownerUserId: string, id: string): Promise<{ data: Buffer; type: string } | null>;
}

/**
 * The branding of a report requested by an account (the owner's id: a child account uses its parent's brands),
 * reading the brand only when it will be used: the one asked for, else the default (a brand deleted since a schedule
 * picked it falls back to the default). For the API's preview and the worker's report job alike; the API refuses an
 * id that is not the account's before it gets here.
 */
export async function loadReportBranding(
  source: ReportBrandSource,
  input: { ownerUserId: string; isReconUser: boolean; whiteLabel: boolean; brandId?: string | null },
): Promise<ReportBranding> {
  if (!input.whiteLabel || !input.isReconUser) return serpwiseBranding;
  const saved = await source.findOrDefault(input.ownerUserId, input.brandId);
  const logo = saved?.hasLogo ? await source.logoOf(input.ownerUserId, saved.id) : null;
  const design: SavedReportDesign | null = saved
    ? {
        companyName: saved.companyName,
        primaryColor: saved.primaryColor,
        accentColor: saved.accentColor,
        contactLine: saved.contactLine,
        logo: logo ? { data: logo.data, type: logo.type as ReportLogoType } : null,
      }
    : null;
  return chooseBranding({ whiteLabel: true, isReconUser: true, design });
}

/**
 * The request for the options a browser sent (contracts' reportOptionsSchema), once the branding is decided.
 * `projectOwnerId`: the account whose projects the options' projectId must be one of (the owner's, for a child).
 */
export const reportRequestOf = (options: ReportOptions, branding: ReportBranding, generatedAt?: Date, projectOwnerId?: string): ReportRequest => ({
  template: options.template,
  design: options.design,
  title: options.customTitle,
  preparedBy: options.preparedBy,
  preparedFor: options.preparedFor,
  comments: options.comments,
  ...(options.sections ? { sections: options.sections } : {}),
  subject: { domain: options.domain, territory: options.countryCode, ...(options.month ? { month: options.month } : {}) },
  rowLimit: options.rowLimit,
  branding,
  ...(generatedAt ? { generatedAt } : {}),
  ...(options.projectId && projectOwnerId
    ? { project: { projectId: options.projectId, ownerUserId: projectOwnerId, ...(options.groupHash ? { groupHash: options.groupHash } : {}) } }
    : {}),
});

/**
 * How the pages are laid out: 'pages' opens with a cover and lets each section start a page (unless the one before
 * left more than half of its page free); 'one-page' (the Executive template) has no cover, a title block on the first
 * page and compact sections one after another, so its default sections fit one page.
 */
export type ReportLayout = 'pages' | 'one-page';

/** What will be printed: the sections in order, the row cap and the title. */
export interface ReportPlan {
  sections: ReportSectionId[];
  rowLimit: number;
  title: string;
  layout: ReportLayout;
}

/**
 * The sections of a request: the chosen ones in their order without repeats (unknown ids dropped), else the
 * template's (after the template's project sections when the report names a project). Project sections are dropped
 * from a report that names no project: there is nothing for them to print.
 */
export function sectionsOf(template: ReportTemplate, chosen?: readonly string[], hasProject = false): ReportSectionId[] {
  const known = new Set<string>(reportSectionIds);
  const usable = (id: string) => known.has(id) && (hasProject || !isProjectReportSection(id));
  const picked = [...new Set((chosen ?? []).filter(usable))] as ReportSectionId[];
  if (picked.length) return picked;
  return [...(hasProject ? reportTemplateProjectSections[template] : []), ...reportTemplateSections[template]];
}

export const rowLimitOf = (requested?: number) =>
  Math.min(reportRowLimits.max, Math.max(1, Math.floor(Number.isFinite(requested) ? requested! : reportRowLimits.default)));

export const defaultTitle = (template: ReportTemplate, domain: string) => `${template} Report for ${domain}`;

export function planReport(request: ReportRequest): ReportPlan {
  return {
    sections: sectionsOf(request.template, request.sections, request.project !== undefined),
    rowLimit: rowLimitOf(request.rowLimit),
    title: request.title?.trim() || defaultTitle(request.template, request.subject.domain),
    layout: request.template === 'Executive' ? 'one-page' : 'pages',
  };
}
