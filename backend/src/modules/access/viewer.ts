import type { Viewer } from '@serpwise/contracts';
import { isFullIdentity } from './access-decision.js';
import type { Identity } from '../sessions/request-session.js';

/** The viewer class that decides what research data is withheld (docs/product/site.md §6). */
export const viewerOf = (identity: Identity | undefined): Viewer => (!identity ? 'visitor' : isFullIdentity(identity) ? 'full' : 'free');
