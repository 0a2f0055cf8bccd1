import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_LEVEL } from './access.decorator.js';

/** Lists every HTTP route handler that has no @Access level (on itself or its controller). */
export function routesWithoutAccess(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): string[] {
  const missing: string[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller) continue;
    const classLevel = reflector.get<string | undefined>(ACCESS_LEVEL, controller);
    for (const method of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[method] as (...args: unknown[]) => unknown;
      if (reflector.get(PATH_METADATA, handler) === undefined) continue;
      if (!classLevel && !reflector.get(ACCESS_LEVEL, handler)) missing.push(`${controller.name}.${method}`);
    }
  }
  return missing;
}

/** Stops the app at start when a route has no access rule, so nothing is left open by omission. */
@Injectable()
export class AccessAudit implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const missing = routesWithoutAccess(this.discovery, this.scanner, this.reflector);
    if (missing.length) throw new Error(`Routes without an @Access level: ${missing.join(', ')}`);
  }
}
