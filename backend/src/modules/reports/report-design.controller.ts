import { Body, Controller, Delete, Get, Put, Res, UploadedFile } from '@nestjs/common';
import { saveReportDesignSchema } from '@serpwise/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { ReportBrandsService } from './report-brands.service.js';
import { LogoUpload, logoFile } from './report-logo.http.js';

/**
 * /account/reportdesign's first calls (not documented; under /rest/): the white-label design of the caller's account,
 * which since issue 22 is its default brand (ReportBrandsController manages all of them).
 * Full recon users only (docs/product/account-exports-reports.md §6); anyone else gets 403 and the page shows the upsell.
 */
@Access('recon')
@Controller('rest/account/report-design')
export class ReportDesignController {
  constructor(private readonly brands: ReportBrandsService) {}

  @Get()
  get(@CurrentIdentity() identity: Identity) {
    return this.brands.defaultDesign(identity);
  }

  @Put()
  save(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(saveReportDesignSchema)) body: z.output<typeof saveReportDesignSchema>) {
    return this.brands.saveDefaultDesign(identity, body);
  }

  @LogoUpload('logo')
  uploadLogo(@CurrentIdentity() identity: Identity, @UploadedFile() file: { buffer: Buffer } | undefined) {
    return this.brands.uploadDefaultLogo(identity, file);
  }

  @Delete('logo')
  deleteLogo(@CurrentIdentity() identity: Identity) {
    return this.brands.deleteDefaultLogo(identity);
  }

  @Get('logo')
  async logo(@CurrentIdentity() identity: Identity, @Res({ passthrough: true }) response: Response) {
    return logoFile(response, await this.brands.defaultLogo(identity));
  }
}
