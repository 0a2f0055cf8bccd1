import { p } from '@mikro-orm/core';

/**
 * Columns many tables share with the same meaning. Spread them into an entity's properties; the column names and
 * types stay exactly what they were when each entity spelled them out (the schema does not change).
 */

/** The row's id: a UUID given on insert (randomUUID, or gen_random_uuid() in SQL); the column has no default. */
export const uuidIdProperty = () => ({ id: p.uuid().primary() });

/** A row an account owner owns (a project, a recon report, a report brand, …): its id, and its owner indexed for lists. */
export const idAndOwnerProperties = () => ({ ...uuidIdProperty(), ownerUserId: p.uuid().index() });

/** A row of one user (a requested keyword, a receipt, a scheduled report, …): its id, and its user indexed for lists. */
export const idAndUserProperties = () => ({ ...uuidIdProperty(), userId: p.uuid().index() });

/** The row's id: a number the database counts up (serial): the warehouse's domains, pages, keywords and ads, tracked terms. */
export const serialIdProperty = () => ({ id: p.integer().primary() });

/** Which data source brought the row (data_source: the demo market, one import, one provider fetch). */
export const sourceIdProperty = () => ({ sourceId: p.smallint() });

/**
 * Where a warehouse domain, page or keyword came from, and who sees it: the users whose imports alone brought it
 * (seen by them only); null once installation data has it (seen by all).
 */
export const warehouseOriginProperties = () => ({
  ...sourceIdProperty(),
  ownerUserIds: p.type('uuid[]').columnType('uuid[]').nullable(),
});

/** The SHA-256 (hex) of a secret token that is shown once and never stored: a session, a reset link, a share link. */
export const tokenHashProperty = () => ({ tokenHash: p.string().length(64).unique() });

/** When the row was inserted. */
export const createdAtProperty = () => ({ createdAt: p.datetime().onCreate(() => new Date()) });

/** When the row last changed (set on insert too). */
export const updatedAtProperty = () => ({ updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()) });

/** When the row was inserted and when it last changed. */
export const timestampProperties = () => ({ ...createdAtProperty(), ...updatedAtProperty() });

/** The nil UUID: the owner of installation data (installationOwner in @serpwise/research, which sits above this library). */
const installationOwner = '00000000-0000-0000-0000-000000000000';

/**
 * Whose search result it is, part of the primary key: a user's import is seen by that user only (docs/decisions.md,
 * "Imported rows are private"). The nil UUID is installation data, seen by everyone: a primary-key column cannot be
 * null, and each owner keeps its own row of a result.
 */
export const resultOwnerProperty = () => ({ ownerUserId: p.uuid().primary().default(installationOwner) });

/**
 * Where a search result ranked and what it brought, as organic_rank (a month) and serp_observation (a day) keep it.
 * territory is denormalised from keyword, so domain queries filter by it without a join. Null page: not known (Search
 * Console's queries say the site ranked, not which page). Clicks: the source's own (Search Console), else in
 * organic_rank the keyword's volume × CTR(position) (docs/research-data.md); null when unknown. Impressions only when
 * the source reports them (Search Console); null otherwise.
 */
export const rankedResultProperties = () => ({
  territory: p.string().length(2),
  domainId: p.integer(),
  pageId: p.integer().nullable(),
  clicks: p.integer().nullable(),
  impressions: p.integer().nullable(),
  ...sourceIdProperty(),
});
