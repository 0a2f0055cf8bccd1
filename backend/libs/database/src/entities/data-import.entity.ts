import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, uuidIdProperty } from './row-properties.js';
import { importFormats } from '@serpwise/contracts';

/**
 * One user's import of one file. Its id is the id of the job_record that runs it (the job backbone carries
 * state and progress); this row keeps what the import is about and what it did: the stored file, its hash, the
 * data_source its rows carry, the row counts and the error report.
 */
export const DataImportSchema = defineEntity({
  name: 'DataImport',
  tableName: 'data_import',
  properties: {
    ...uuidIdProperty(),
    userId: p.uuid(),
    format: p.enum(importFormats),
    fileName: p.text(),
    /** FileStore key of the uploaded file (removed when the import is deleted). */
    fileKey: p.text(),
    fileBytes: p.bigint('number'),
    /** sha256 of the file, hex. */
    fileHash: p.string().length(64),
    /** The user's choices: territory, the site's domain (Search Console), the date (files without one). */
    options: p.json<Record<string, unknown>>(),
    sourceId: p.smallint().nullable(),
    rowsRead: p.integer().default(0),
    rowsLanded: p.integer().default(0),
    rowsDuplicate: p.integer().default(0),
    rowsRejected: p.integer().default(0),
    /** FileStore key of the CSV error report (line, reason), when a row was rejected. */
    errorReportKey: p.text().nullable(),
    ...createdAtProperty(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['userId', 'createdAt'] }],
});

export type DataImport = InferEntity<typeof DataImportSchema>;
