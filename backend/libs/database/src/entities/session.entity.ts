import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, tokenHashProperty, uuidIdProperty } from './row-properties.js';

/**
 * A browser session, visitor or logged in. The cookie holds a random secret; only its SHA-256 is stored,
 * so a leaked table cannot be replayed. The cross-site request token is per session and goes in the page meta tag.
 */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    ...uuidIdProperty(),
    ...tokenHashProperty(),
    csrfToken: p.string().length(64),
    userId: p.uuid().nullable().index(),
    userAgent: p.text().nullable(),
    ...createdAtProperty(),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
    /** 'Remember Me': a persistent cookie and a long fixed lifetime instead of a sliding short one. */
    remember: p.boolean().default(false),
    loggedInAt: p.datetime().nullable(),
    ipAddress: p.string().length(64).nullable(),
    /** Set when the owner (or the account owner) removed this session; the next poll reports it once. */
    killedAt: p.datetime().nullable(),
    killNoticePending: p.boolean().default(false),
    /** Admin actions are allowed until this moment (enabled for one hour at a time). */
    adminActionsUntil: p.datetime().nullable(),
  },
});

export type Session = InferEntity<typeof SessionSchema>;
