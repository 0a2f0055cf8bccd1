import { Catch, PayloadTooLargeException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { reportDesignMessages } from '@serpwise/contracts';
import type { Response } from 'express';

/** Multer stops reading at the size limit; the answer names the documented limit instead of "File too large". */
@Catch(PayloadTooLargeException)
export class LogoTooLargeFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (!response.headersSent) response.status(413).json({ statusCode: 413, message: reportDesignMessages.logoTooLarge, errors: [reportDesignMessages.logoTooLarge] });
  }
}
