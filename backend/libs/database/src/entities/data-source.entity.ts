import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const dataSourceKinds = ['demo', 'import', 'provider'] as const;
export type DataSourceKind = (typeof dataSourceKinds)[number];

/**
 * Where warehouse rows came from: the generated demo market, one user import, or one provider fetch. Every
 * warehouse row carries its source_id, so what an import brought can be shown and deleted, and the API can say
 * when it answers from demo data.
 */
export const DataSourceSchema = defineEntity({
  name: 'DataSource',
  tableName: 'data_source',
  properties: {
    id: p.smallint().primary(),
    kind: p.enum(dataSourceKinds),
    /** 'Demo market (demo size, seed 20261122)', an import's file name, a provider and its request. */
    label: p.text(),
    /** Generator parameters, file details or provider request; free-form. */
    details: p.json<Record<string, unknown>>().nullable(),
    /** First and last month of data (first day of the month). */
    firstMonth: p.date().nullable(),
    lastMonth: p.date().nullable(),
    loadedAt: p.datetime().onCreate(() => new Date()),
    /** The user whose import or fetch brought the rows; null for the demo market and installation-wide data. */
    ownerUserId: p.uuid().nullable(),
  },
  indexes: [{ properties: ['ownerUserId'] }],
});

export type DataSource = InferEntity<typeof DataSourceSchema>;
