import { BadGatewayException, Body, Controller, ForbiddenException, HttpCode, Inject, Post, ServiceUnavailableException } from '@nestjs/common';
import {
  exportGoogleSheetsSchema,
  exportRowLimitOf,
  googleSheetsMaxRows,
  googleSheetsMessages,
  spreadsheetCell,
  type CellValue,
  type Environment,
} from '@serpwise/contracts';
import { columnHeader, exportColumnKeys } from '@serpwise/research';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { AnalyticsRecorder, ENVIRONMENT, GoogleAuthorisations, GoogleNotAuthorisedError } from '@serpwise/platform';
import { Access } from '../access/access.decorator.js';
import { overExportAllowance } from '../exports/export-allowance.js';
import { pageRowsOf } from '../exports/page-rows.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';

/** Objects → a header of their keys and one line each; arrays are taken as lines (the first the header). */
const tableOf = (rows: unknown[]): CellValue[][] => {
  const objects = rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row));
  if (objects.length === rows.length && rows.length > 0) {
    const keys = exportColumnKeys(objects);
    return [keys.map((key) => spreadsheetCell(columnHeader(key))), ...objects.map((row) => keys.map((key) => spreadsheetCell(row[key])))];
  }
  return rows.map((row) => (Array.isArray(row) ? row : [row]).map(spreadsheetCell));
};

/** Rows a page sends in one append request (a few MB at most; Google suggests payloads under 2 MB). */
const appendBatchRows = 5_000;

/**
 * POST /Endpoints/Core/ExportGoogleSheets (docs/product/account-exports-reports.md §7): the rows a page already holds (filename, jsonString) go into a new
 * spreadsheet in the user's Google Drive; the answer has its url. Whole tables go through POST /rest/exports with
 * format 'sheets' instead.
 */
@Controller('Endpoints/Core')
export class ExportGoogleSheetsController {
  constructor(
    private readonly google: GoogleAuthorisations,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  @Post('ExportGoogleSheets')
  @HttpCode(200)
  @Access('full')
  async exportGoogleSheets(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(exportGoogleSheetsSchema)) body: z.infer<typeof exportGoogleSheetsSchema>): Promise<{ url: string; message: string }> {
    if (!this.google.configured) throw new ServiceUnavailableException({ statusCode: 503, message: googleSheetsMessages.notConfigured, errors: [googleSheetsMessages.notConfigured] });
    const table = tableOf(pageRowsOf(body.jsonString));
    const dataRows = Math.max(0, table.length - 1);
    if (dataRows > googleSheetsMaxRows) {
      throw new ForbiddenException({ statusCode: 403, message: googleSheetsMessages.overLimit, data: { totalRows: dataRows, maxRows: googleSheetsMaxRows } });
    }
    const rowLimit = exportRowLimitOf(identity.planRoles, this.environment.EXPORT_MAX_ROWS);
    if (rowLimit !== null && dataRows > rowLimit) throw overExportAllowance(dataRows, rowLimit);
    try {
      const sheets = await this.google.sheetsFor(identity.user.id);
      const title = body.filename.replace(/\.(csv|xlsx)$/i, '').trim() || 'export';
      const spreadsheet = await sheets.createSpreadsheet(title);
      for (let start = 0; start < table.length; start += appendBatchRows) await sheets.append(spreadsheet.spreadsheetId, spreadsheet.sheetTitle, table.slice(start, start + appendBatchRows));
      this.analytics.record('Export_Google_Sheets', 'page rows');
      return { url: spreadsheet.url, message: googleSheetsMessages.shared };
    } catch (error) {
      if (error instanceof GoogleNotAuthorisedError) throw new ForbiddenException({ statusCode: 403, message: googleSheetsMessages.notAuthorised, data: { googleAuthorizationRequired: true } });
      throw new BadGatewayException({ statusCode: 502, message: googleSheetsMessages.shareFailed, errors: [googleSheetsMessages.shareFailed] });
    }
  }
}
