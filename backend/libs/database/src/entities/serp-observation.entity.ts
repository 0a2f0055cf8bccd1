import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { rankedResultProperties, resultOwnerProperty } from './row-properties.js';

/**
 * One observed search result on one day: on `observedOn` the page ranked at `position` for the keyword. Imports
 * and provider fetches land here first (the day-level history a user can export and re-import); the monthly
 * organic_rank rows the research screens read are derived from these. The natural key (keyword, day, position,
 * owner) is the primary key: landing the same rows twice adds nothing twice, and it includes the owner so two users'
 * imports of the same results stay each their own. No surrogate id: nothing refers to one row, and a million-row
 * import would maintain a second btree and draw a sequence value per row for it.
 */
export const SerpObservationSchema = defineEntity({
  name: 'SerpObservation',
  tableName: 'serp_observation',
  properties: {
    keywordId: p.integer().primary(),
    observedOn: p.date().primary(),
    position: p.smallint().primary(),
    /** The importing user; the nil UUID for installation-wide data, as in organic_rank. */
    ...resultOwnerProperty(),
    ...rankedResultProperties(),
  },
  indexes: [
    // Rows of one source are written together, so a BRIN index finds them (deletion) at a fraction of a btree's upkeep.
    { name: 'serp_observation_source_id_index', expression: 'create index "serp_observation_source_id_index" on "serp_observation" using brin ("source_id")' },
  ],
});

export type SerpObservation = InferEntity<typeof SerpObservationSchema>;
