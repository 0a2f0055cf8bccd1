import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { csvLine, exportCsvSchema, exportRowLimitOf, spreadsheetCell, type Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import { columnHeader, exportColumnKeys } from '@serpwise/research';
import type { Response } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { overExportAllowance } from './export-allowance.js';
import { pageRowsOf } from './page-rows.js';
import { attachment } from '../../common/private-file.js';

/**
 * POST /Endpoints/Core/ExportCsv (docs/product/account-exports-reports.md §7): the rows a page already holds (jsonString: a JSON array of objects, or of
 * arrays whose first is the header) come back at once as a CSV file named in Content-Disposition. Whole tables are
 * exported as jobs (POST /rest/exports) instead.
 */
@Controller('Endpoints/Core')
export class ExportCsvController {
  constructor(@Inject(ENVIRONMENT) private readonly environment: Environment) {}

  @Post('ExportCsv')
  @HttpCode(200)
  @Access('full')
  exportCsv(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(exportCsvSchema)) body: z.infer<typeof exportCsvSchema>, @Res() response: Response): void {
    const rows = pageRowsOf(body.jsonString);
    const rowLimit = exportRowLimitOf(identity.planRoles, this.environment.EXPORT_MAX_ROWS);
    if (rowLimit !== null && rows.length > rowLimit) throw overExportAllowance(rows.length, rowLimit);
    const objects = rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row));
    const keys = exportColumnKeys(objects);
    const lines =
      objects.length === rows.length && rows.length > 0
        ? [csvLine(keys.map((key) => spreadsheetCell(columnHeader(key)))), ...objects.map((row) => csvLine(keys.map((key) => spreadsheetCell(row[key]))))]
        : rows.map((row) => csvLine((Array.isArray(row) ? row : [row]).map(spreadsheetCell)));
    const name = body.filename.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._ -]+/g, '_').trim() || 'export';
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader('content-disposition', attachment(`${name}.csv`));
    // The byte-order mark makes Excel read the file as UTF-8.
    response.send(`\uFEFF${lines.join('')}`);
  }
}
