import { SetMetadata } from '@nestjs/common';
import type { AccessLevel } from '@serpwise/contracts';

export const ACCESS_LEVEL = 'serpwise:access-level';

/**
 * What a route (or every route of a controller) needs; the one access guard enforces it. Every route must say:
 * the app refuses to start when one does not (AccessAudit).
 */
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_LEVEL, level);
