import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import {
  moveSchedulesToSchema,
  reportBrandDeletedSchema,
  reportBrandIdSchema,
  reportBrandListSchema,
  reportBrandSchema,
  reportLogoLimits,
  saveReportBrandSchema,
} from '@serpwise/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { LogoUpload, logoFile } from './report-logo.http.js';
import { ReportBrandsService } from './report-brands.service.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';
import { MultipartRequest } from '../../common/route-request-schema.js';

type BrandBody = z.output<typeof saveReportBrandSchema>;

/**
 * The account's report brands (issue 22 point 2; /account/reportdesign; under /rest/, not documented): list, create,
 * edit, delete, make default, and each brand's logo. Full recon users only, like the white label they carry;
 * a child account lists its owner's brands and changes none (403).
 */
@Access('recon')
@Controller('rest/account/report-brands')
export class ReportBrandsController {
  constructor(private readonly brands: ReportBrandsService) {}

  @Get()
  @ResponseSchema(reportBrandListSchema)
  list(@CurrentIdentity() identity: Identity) {
    return this.brands.list(identity);
  }

  @Post()
  @ResponseSchema(reportBrandSchema)
  create(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(saveReportBrandSchema)) body: BrandBody) {
    return this.brands.create(identity, body);
  }

  @Put(':id')
  @ResponseSchema(reportBrandSchema)
  update(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string, @Body(new ZodValidationPipe(saveReportBrandSchema)) body: BrandBody) {
    return this.brands.update(identity, id, body);
  }

  @Post(':id/default')
  @HttpCode(200)
  @ResponseSchema(reportBrandSchema)
  makeDefault(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string) {
    return this.brands.makeDefault(identity, id);
  }

  /** Refused (409) while scheduled reports use the brand, unless ?moveSchedulesTo= names another brand for them. */
  @Delete(':id')
  @ResponseSchema(reportBrandDeletedSchema)
  delete(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string, @Query('moveSchedulesTo', new ZodValidationPipe(moveSchedulesToSchema)) moveSchedulesTo?: string) {
    return this.brands.delete(identity, id, typeof moveSchedulesTo === 'string' ? moveSchedulesTo : undefined);
  }

  @LogoUpload(':id/logo')
  @MultipartRequest({ file: { name: 'logo', description: 'The logo: PNG or JPEG, at most 200 kB.' } })
  @ResponseSchema(reportBrandSchema)
  uploadLogo(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string, @UploadedFile() file: { buffer: Buffer } | undefined) {
    return this.brands.uploadLogo(identity, id, file);
  }

  @Delete(':id/logo')
  @ResponseSchema(reportBrandSchema)
  deleteLogo(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string) {
    return this.brands.deleteLogo(identity, id);
  }

  @Get(':id/logo')
  @FileResponse([...reportLogoLimits.types], 'The brand’s logo, as uploaded.')
  async logo(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reportBrandIdSchema)) id: string, @Res({ passthrough: true }) response: Response) {
    return logoFile(response, await this.brands.logo(identity, id));
  }
}
