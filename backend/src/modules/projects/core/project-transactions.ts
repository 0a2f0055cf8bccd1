import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { projectRepositoriesOn, type ProjectRepositories } from '@serpwise/database';

/** Runs a use case in one database transaction: all of it happens, or (on an error) none of it. */
@Injectable()
export class ProjectTransactions {
  constructor(private readonly em: EntityManager) {}

  run<T>(work: (repositories: ProjectRepositories) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(projectRepositoriesOn(em as EntityManager)));
  }
}
