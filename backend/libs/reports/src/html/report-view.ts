import { textOn, type StandardFont } from '../designs.js';
import { planReport, type ReportPlan, type ReportRequest } from '../report-request.js';
import type { ReportData } from '../report-data.js';
import { reportFrame } from '../render-report.js';
import { drawSection } from '../sections/sections.js';
import { escapeHtml as esc } from './escape.js';
import { HtmlSurface } from './html-surface.js';

const fontStacks: Record<StandardFont, string> = {
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Helvetica-Bold': 'Helvetica, Arial, sans-serif',
  'Times-Roman': "'Times New Roman', Times, Georgia, serif",
  'Times-Bold': "'Times New Roman', Times, Georgia, serif",
  Courier: "'Courier New', Courier, monospace",
  'Courier-Bold': "'Courier New', Courier, monospace",
};

/**
 * The report as an HTML fragment (an <article>) for the shared web view (issue 22 point 5): the PDF's cover texts,
 * its sections drawn by the same section code from the same gathered data (so every figure is the PDF's), and its
 * footer, in the report's brand (colours, fonts, company name and logo inline as a data: URL). Made when the PDF is,
 * kept beside it, and wrapped in a page (sharedReportPage) when a link is opened.
 */
export function renderReportView(request: ReportRequest, data: ReportData, plan: ReportPlan = planReport(request)): string {
  const frame = reportFrame(request, data, plan);
  const { theme, brand, cover } = frame;
  const surface = new HtmlSurface(theme, plan.layout === 'one-page', plan.rowLimit);
  for (const section of plan.sections) drawSection(surface, section, data);
  const logo = request.branding.kind === 'white-label' && request.branding.logo ? request.branding.logo : null;
  const colors = theme.colors;
  const style = [
    `--rv-primary:${colors.primary}`,
    `--rv-accent:${colors.accent}`,
    `--rv-on-primary:${textOn(colors.primary)}`,
    `--rv-text:${colors.text}`,
    `--rv-muted:${colors.muted}`,
    `--rv-rule:${colors.rule}`,
    `--rv-stripe:${colors.stripe}`,
    `--rv-heading-font:${fontStacks[theme.fonts.heading]}`,
    `--rv-body-font:${fontStacks[theme.fonts.body]}`,
  ].join(';');
  const brandLine =
    (logo ? `<img class="rv-logo" src="data:${esc(logo.type)};base64,${logo.data.toString('base64')}" alt="${esc(brand.name)}">` : '') +
    (brand.name ? `<span class="rv-brand-name">${esc(brand.name)}</span>` : '');
  const details = [
    cover.preparedFor && `<div><dt>Prepared for</dt><dd>${esc(cover.preparedFor)}</dd></div>`,
    cover.preparedBy && `<div><dt>Prepared by</dt><dd>${esc(cover.preparedBy)}</dd></div>`,
    `<div><dt>Date</dt><dd>${esc(cover.date)}</dd></div>`,
  ]
    .filter(Boolean)
    .join('');
  return (
    `<article class="rv" style="${esc(style)}">` +
    `<header class="rv-cover"><div class="rv-brand">${brandLine}</div><h1>${esc(cover.title)}</h1>` +
    `<p class="rv-subject">${esc(cover.subject)}</p><dl class="rv-details">${details}</dl>` +
    (cover.comments ? `<p class="rv-comments">${esc(cover.comments)}</p>` : '') +
    `</header>${surface.html()}<footer class="rv-footer">${esc(frame.footer)}</footer></article>`
  );
}
