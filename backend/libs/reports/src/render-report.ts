import { findTerritory, reportSectionTitle } from '@serpwise/contracts';
import type { Sql } from '@serpwise/research';
import { PassThrough, type Readable } from 'node:stream';
import { themeFor, type DesignTheme } from './designs.js';
import { formatDate, formatMonth } from './format.js';
import { drawCover, drawTitleBlock, type CoverContent } from './pdf/cover.js';
import { PdfSurface } from './pdf/pdf-surface.js';
import { drawSection } from './sections/sections.js';
import { ReportWriter, type Brand } from './pdf/writer.js';
import { gatherReportData, type ReportData } from './report-data.js';
import { planReport, type ReportPlan, type ReportRequest } from './report-request.js';

/** What renderReport needs from outside: the research port (MikroORM's connection, or a pg pool via sqlFromPg). */
export interface ReportPorts {
  research: Sql;
}

export const reportContentType = 'application/pdf';

const brandOf = (request: ReportRequest): Brand =>
  request.branding.kind === 'white-label' ? { name: request.branding.companyName, logo: request.branding.logo?.data ?? null } : { name: 'Serpwise', logo: null };

/** A file name for the report: serpwise-example.com-comprehensive-2026-10.pdf (white label: report-…). */
export function reportFileName(request: ReportRequest, month: string | null): string {
  const prefix = request.branding.kind === 'white-label' ? 'report' : 'serpwise';
  const safe = (text: string) => text.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${[prefix, safe(request.subject.domain), safe(request.template), month?.slice(0, 7)].filter(Boolean).join('-')}.pdf`;
}

/**
 * Draws the report for data already gathered: cover, then every planned section in order. Synchronous apart from
 * PNG logos with transparency (PDFKit decodes those as it goes); returns the PDF as a readable stream.
 */
export function renderReportFromData(
  request: ReportRequest,
  data: ReportData,
  plan: ReportPlan = planReport(request),
  /** Told how far down each page is filled (points from the top; a cover counts as full), for the layout's tests. */
  onPageFills?: (fills: readonly number[]) => void,
): Readable {
  const frame = reportFrame(request, data, plan);
  const writer = new ReportWriter(frame.theme, frame.brand, {
    title: plan.title,
    author: request.preparedBy || frame.brand.name,
    subject: `${request.template} report for ${data.domain}: ${plan.sections.map(reportSectionTitle).join(', ')}`,
    createdAt: frame.createdAt,
  });
  writer.compact = plan.layout === 'one-page';
  writer.rowLimit = plan.rowLimit;
  (writer.compact ? drawTitleBlock : drawCover)(writer, frame.cover);
  const surface = new PdfSurface(writer);
  for (const section of plan.sections) drawSection(surface, section, data);
  const pdf = writer.finish({ title: plan.title, left: frame.footer });
  onPageFills?.(writer.pageFills);
  return pdf;
}

/** What frames a report's sections, the same in the PDF and the shared web view: its theme, brand, cover texts and footer. */
export interface ReportFrame {
  theme: DesignTheme;
  brand: Brand;
  createdAt: Date;
  cover: CoverContent;
  /** "Prepared for … by …" (else the domain and territory), then the brand's contact line. */
  footer: string;
}

export function reportFrame(request: ReportRequest, data: ReportData, plan: ReportPlan): ReportFrame {
  const branding = request.branding;
  const createdAt = request.generatedAt ?? new Date();
  const territory = findTerritory(data.territory)?.name ?? data.territory;
  const about = data.project ? [data.project.name, data.project.groupName].filter(Boolean).join(' · ') : null;
  const footerLeft = [
    request.preparedFor?.trim() && `Prepared for ${request.preparedFor.trim()}`,
    request.preparedBy?.trim() && `by ${request.preparedBy.trim()}`,
  ]
    .filter(Boolean)
    .join(' ');
  const contactLine = branding.kind === 'white-label' ? (branding.contactLine ?? '').trim() : '';
  return {
    theme: themeFor(request.design, branding.kind === 'white-label' ? branding : undefined),
    brand: brandOf(request),
    createdAt,
    cover: {
      title: plan.title,
      subject: [about, data.domain, territory, data.month ? formatMonth(data.month) : null].filter(Boolean).join(' · '),
      preparedFor: request.preparedFor?.trim() ?? '',
      preparedBy: request.preparedBy?.trim() ?? '',
      date: formatDate(createdAt),
      comments: request.comments?.trim() ?? '',
    },
    footer: [footerLeft || `${data.domain} · ${territory}`, contactLine].filter(Boolean).join(' · '),
  };
}

/**
 * The report renderer's one entry point: gathers the research data the request's sections need (row cap per table)
 * and streams the PDF. Nothing is written until the data is read; a failure (an unknown domain: ReportSubjectError,
 * a database error) destroys the stream with that error.
 */
export function renderReport(request: ReportRequest, ports: ReportPorts): Readable {
  const output = new PassThrough();
  const plan = planReport(request);
  gatherReportData(ports.research, request, plan)
    .then((data) => {
      const pdf = renderReportFromData(request, data, plan);
      pdf.on('error', (error: Error) => output.destroy(error));
      pdf.pipe(output);
    })
    .catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** Reads a whole report into memory (tests, small previews). */
export async function reportToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Pages in a PDF that PDFKit wrote (it writes every page object uncompressed: /Type /Page). */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
