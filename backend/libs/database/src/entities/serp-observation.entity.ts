import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One observed search result on one day: on `observedOn` the page ranked at `position` for the keyword. Imports
 * and provider fetches land here first (the day-level history a user can export and re-import); the monthly
 * organic_rank rows the research screens read are derived from these. The natural key (keyword, day, position,
 * owner) makes landing the same rows twice add nothing twice; it includes the owner so two users' imports of the
 * same results stay each their own.
 */
export const SerpObservationSchema = defineEntity({
  name: 'SerpObservation',
  tableName: 'serp_observation',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    keywordId: p.integer(),
    observedOn: p.date(),
    position: p.smallint(),
    /** Null for installation-wide data (no user owns it). */
    ownerUserId: p.uuid().nullable(),
    territory: p.string().length(2),
    domainId: p.integer(),
    pageId: p.integer(),
    /** Clicks and impressions when the source reports them (Search Console); null otherwise. */
    clicks: p.integer().nullable(),
    impressions: p.integer().nullable(),
    sourceId: p.smallint(),
  },
  indexes: [
    {
      name: 'serp_observation_natural_key',
      expression: 'create unique index "serp_observation_natural_key" on "serp_observation" ("keyword_id", "observed_on", "position", "owner_user_id") nulls not distinct',
    },
    // Rows of one source are written together, so a BRIN index finds them (deletion) at a fraction of a btree's upkeep.
    { name: 'serp_observation_source_id_index', expression: 'create index "serp_observation_source_id_index" on "serp_observation" using brin ("source_id")' },
  ],
});

export type SerpObservation = InferEntity<typeof SerpObservationSchema>;
