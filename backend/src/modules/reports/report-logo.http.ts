import { applyDecorators, Catch, HttpCode, PayloadTooLargeException, Post, StreamableFile, UseFilters, UseInterceptors, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { reportDesignMessages, reportLogoLimits } from '@serpwise/contracts';
import type { Response } from 'express';

/** Multer stops reading at the size limit; the answer names the documented limit instead of "File too large". */
@Catch(PayloadTooLargeException)
export class LogoTooLargeFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (!response.headersSent) response.status(413).json({ statusCode: 413, message: reportDesignMessages.logoTooLarge, errors: [reportDesignMessages.logoTooLarge] });
  }
}

/** A logo upload route: multipart/form-data with the file in the field "logo" (PNG or JPEG, ≤ 200 kB), 200 when stored. */
export const LogoUpload = (path: string) =>
  applyDecorators(
    Post(path),
    HttpCode(200),
    UseFilters(LogoTooLargeFilter),
    UseInterceptors(FileInterceptor('logo', { limits: { fileSize: reportLogoLimits.maxBytes + 1, files: 1, fields: 4 } })),
  );

/** The logo itself, for the page's preview. Private: it is the account's own file. */
export function logoFile(response: Response, logo: { data: Buffer; type: string }): StreamableFile {
  response.setHeader('cache-control', 'private, no-cache');
  response.setHeader('x-content-type-options', 'nosniff');
  return new StreamableFile(logo.data, { type: logo.type, length: logo.data.length });
}
