import { customListRowSchema, domainMetricsRowSchema, keywordListRowSchema, leadRowSchema } from '@serpwise/contracts';
import { customListSchema, keywordListSchema, leadsSchema, topDomainsSchema } from '../requests/seo-requests.js';
import { customListQuery, customListSpec, keywordListQuery, keywordListSpec, leadsQuery, leadsSpec, topDomainsQuery, topDomainsSpec } from '../outreach/outreach.js';
import { domainIdsOf } from '../warehouse/lookups.js';
import { orderCheck, researchTable, stem } from './research-table.js';
import { organicTable } from './seo-tables.js';

/** The outreach lists (docs/research-data.md, "Outreach"). */
export const outreachTables = {
  'outreach/top-domains': researchTable({
    id: 'outreach/top-domains',
    row: domainMetricsRowSchema,
    schema: topDomainsSchema,
    paidColumns: ['value', 'budget'],
    check: orderCheck(topDomainsSpec),
    prepare: (sql, input) =>
      organicTable(sql, input, true, (month) => topDomainsQuery({ territory: input.countryCode, month, topic: input.topic }, input), stem('outreach-top-domains', input.topic)),
  }),
  'outreach/keyword-list': researchTable({
    id: 'outreach/keyword-list',
    row: keywordListRowSchema,
    schema: keywordListSchema,
    paidColumns: ['value'],
    check: orderCheck(keywordListSpec),
    prepare: (sql, input) =>
      organicTable(
        sql,
        input,
        true,
        (month) => keywordListQuery({ territory: input.countryCode, month, terms: input.keywords ?? [], topic: input.topic }, input),
        stem('outreach-keyword-list', input.topic),
      ),
  }),
  'outreach/custom-list': researchTable({
    id: 'outreach/custom-list',
    row: customListRowSchema,
    schema: customListSchema,
    paidColumns: ['value', 'budget'],
    check: orderCheck(customListSpec),
    prepare: (sql, input) =>
      organicTable(sql, input, true, (month) => customListQuery({ territory: input.countryCode, month, domains: input.domains }, input), 'outreach-custom-list'),
  }),
  'outreach/leads': researchTable({
    id: 'outreach/leads',
    row: leadRowSchema,
    schema: leadsSchema,
    paidColumns: [],
    check: orderCheck(leadsSpec),
    prepare: async (sql, input) => {
      const [domainId, ...competitorIds] = await domainIdsOf(sql, [input.domain, ...input.competitors]);
      const known = competitorIds.filter((id): id is number => id !== null);
      return organicTable(
        sql,
        input,
        domainId !== null && domainId !== undefined && known.length > 0,
        (month) => leadsQuery({ domainId: domainId!, competitorIds: known, territory: input.countryCode, month }, input),
        stem('outreach-leads', input.domain),
      );
    },
  }),
};
