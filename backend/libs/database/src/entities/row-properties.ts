import { p } from '@mikro-orm/core';

/**
 * Columns many tables share with the same meaning. Spread them into an entity's properties; the column names and
 * types stay exactly what they were when each entity spelled them out (the schema does not change).
 */

/** When the row was inserted. */
export const createdAtProperty = () => ({ createdAt: p.datetime().onCreate(() => new Date()) });

/** When the row last changed (set on insert too). */
export const updatedAtProperty = () => ({ updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()) });

/** When the row was inserted and when it last changed. */
export const timestampProperties = () => ({ ...createdAtProperty(), ...updatedAtProperty() });
