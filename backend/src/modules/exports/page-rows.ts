import { BadRequestException } from '@nestjs/common';
import { exportMessages } from '@serpwise/contracts';

/** The rows a page sends to ExportCsv or ExportGoogleSheets (jsonString: a JSON array), or the documented 400. */
export function pageRowsOf(jsonString: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(jsonString);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // answered below
  }
  throw new BadRequestException({ statusCode: 400, message: exportMessages.badJson, errors: [exportMessages.badJson] });
}
