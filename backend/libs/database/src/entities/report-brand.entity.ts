import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idAndOwnerProperties, timestampProperties } from './row-properties.js';

/**
 * A brand of an account's reports (issue 22 point 2; /account/reportdesign): company name, colours, a contact line
 * and a small logo, kept in the database (≤ 200 kB, checked on upload) so every API node and worker reads the same
 * one. An account owner has any number; exactly one is the default (a unique partial index). A team's child
 * accounts use their owner's.
 */
export const ReportBrandSchema = defineEntity({
  name: 'ReportBrand',
  tableName: 'report_brand',
  properties: {
    ...idAndOwnerProperties(),
    name: p.string().length(60),
    companyName: p.string().length(100).default(''),
    primaryColor: p.string().length(7),
    accentColor: p.string().length(7),
    contactLine: p.string().length(200).default(''),
    logo: p.blob().nullable(),
    logoType: p.string().length(20).nullable(),
    logoUpdatedAt: p.datetime().nullable(),
    isDefault: p.boolean().default(false),
    ...timestampProperties(),
  },
});

export type ReportBrandEntity = InferEntity<typeof ReportBrandSchema>;
