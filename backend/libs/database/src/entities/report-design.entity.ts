import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestampProperties } from './row-properties.js';

/**
 * The white-label look of an account's reports (/account/reportdesign): company name, colours and a small logo,
 * kept in the database (≤ 200 kB, checked on upload) so every API node and worker reads the same one.
 * One row per account owner; a team's child accounts share their owner's.
 */
export const ReportDesignSchema = defineEntity({
  name: 'ReportDesign',
  tableName: 'report_design',
  properties: {
    ownerUserId: p.uuid().primary(),
    companyName: p.string().length(100).default(''),
    primaryColor: p.string().length(7),
    accentColor: p.string().length(7),
    logo: p.blob().nullable(),
    logoType: p.string().length(20).nullable(),
    logoUpdatedAt: p.datetime().nullable(),
    ...timestampProperties(),
  },
});

export type ReportDesignEntity = InferEntity<typeof ReportDesignSchema>;
