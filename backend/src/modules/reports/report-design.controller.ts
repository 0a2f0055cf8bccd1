import { Body, Catch, Controller, Delete, Get, HttpCode, PayloadTooLargeException, Post, Put, Res, StreamableFile, UploadedFile, UseFilters, UseInterceptors, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { reportDesignMessages, reportLogoLimits, saveReportDesignSchema } from '@serpwise/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { ReportBrandsService } from './report-brands.service.js';

/** Multer stops reading at the size limit; the answer names the documented limit instead of "File too large". */
@Catch(PayloadTooLargeException)
export class LogoTooLargeFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (!response.headersSent) response.status(413).json({ statusCode: 413, message: reportDesignMessages.logoTooLarge, errors: [reportDesignMessages.logoTooLarge] });
  }
}

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

  /** multipart/form-data with the file in the field "logo" (PNG or JPEG, ≤ 200 kB). */
  @Post('logo')
  @HttpCode(200)
  @UseFilters(LogoTooLargeFilter)
  @UseInterceptors(FileInterceptor('logo', { limits: { fileSize: reportLogoLimits.maxBytes + 1, files: 1, fields: 4 } }))
  uploadLogo(@CurrentIdentity() identity: Identity, @UploadedFile() file: { buffer: Buffer } | undefined) {
    return this.brands.uploadDefaultLogo(identity, file);
  }

  @Delete('logo')
  deleteLogo(@CurrentIdentity() identity: Identity) {
    return this.brands.deleteDefaultLogo(identity);
  }

  /** The logo itself, for the page's preview. Private: it is the account's own file. */
  @Get('logo')
  async logo(@CurrentIdentity() identity: Identity, @Res({ passthrough: true }) response: Response) {
    const logo = await this.brands.defaultLogo(identity);
    response.setHeader('cache-control', 'private, no-cache');
    response.setHeader('x-content-type-options', 'nosniff');
    return new StreamableFile(logo.data, { type: logo.type, length: logo.data.length });
  }
}
