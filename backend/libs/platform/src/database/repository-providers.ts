import { EntityManager } from '@mikro-orm/postgresql';
import type { Provider } from '@nestjs/common';

/** A repository of @serpwise/database: a class built on the EntityManager. */
export type RepositoryClass = new (em: EntityManager) => object;

/** Nest providers for repositories, each bound to the request-scoped EntityManager. */
export const repositoryProviders = (...repositories: RepositoryClass[]): Provider[] =>
  repositories.map((repository) => ({ provide: repository, inject: [EntityManager], useFactory: (em: EntityManager) => new repository(em) }));
