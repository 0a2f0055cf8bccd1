import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { hostOfText, type ReportOptions } from '@serpwise/contracts';
import { ReportBrandRepository } from '@serpwise/database';
import { gatherReportData, loadReportBranding, planReport, renderReportFromData, reportFileName, reportRequestOf, ReportSubjectError } from '@serpwise/reports';
import type { Readable } from 'node:stream';
import { isReconIdentity } from '../access/access-decision.js';
import { PRIMARY_WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import type { Identity } from '../sessions/request-session.js';
import { ReportBrandsService } from './report-brands.service.js';
import { projectOwnerOf, ReportProjectService } from './report-project.service.js';

/**
 * PDF reports for the logged-in user. Today only the synchronous preview uses it; the export job (ExportAsync →
 * worker → file → notice) calls @serpwise/reports' renderReport with the same request and branding.
 */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(PRIMARY_WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    private readonly brands: ReportBrandRepository,
    private readonly projects: ReportProjectService,
    private readonly brandAccess: ReportBrandsService,
  ) {}

  /**
   * Reads the data first, so an unknown domain is a 404 before any byte of PDF is sent; then streams the PDF.
   * White label is honoured only for full recon users (docs/product/account-exports-reports.md §6); anyone else silently gets Serpwise branding.
   */
  async preview(identity: Identity, asked: ReportOptions): Promise<{ pdf: Readable; fileName: string }> {
    const options = await this.projects.resolve(identity, asked);
    const domain = hostOfText(options.domain);
    if (!domain) throw new BadRequestException({ statusCode: 400, message: `"${options.domain}" is not a domain name.`, errors: [`"${options.domain}" is not a domain name.`] });
    const ownerUserId = identity.parent?.id ?? identity.user.id;
    await this.brandAccess.requireUsable(identity, options.brandId);
    const branding = await loadReportBranding(this.brands, { ownerUserId, isReconUser: isReconIdentity(identity), whiteLabel: options.whiteLabel, brandId: options.brandId });
    const request = reportRequestOf({ ...options, domain }, branding, undefined, projectOwnerOf(identity));
    const plan = planReport(request);
    try {
      const data = await gatherReportData(this.sql, request, plan);
      return { pdf: renderReportFromData(request, data, plan), fileName: reportFileName(request, data.month) };
    } catch (error) {
      if (error instanceof ReportSubjectError) throw new NotFoundException(error.message);
      throw error;
    }
  }
}
