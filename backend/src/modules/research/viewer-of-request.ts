import type { Viewer } from '@serpwise/contracts';
import type { Request } from 'express';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';

/** Who asks a research endpoint: paid data is withheld per viewer. */
export const viewerOfRequest = (request: Request): Viewer => viewerOf(identityOf(request));
