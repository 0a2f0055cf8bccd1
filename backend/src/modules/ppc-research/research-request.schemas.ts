import type { Viewer } from '@serpwise/contracts';
import type { Request } from 'express';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';

/** Request parts shared by the PPC and keyword research endpoints; the schemas themselves live in @serpwise/research. */

export const viewerOfRequest = (request: Request): Viewer => viewerOf(identityOf(request));
