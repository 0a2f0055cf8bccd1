import { searchConsoleScope, type Environment } from '@serpwise/contracts';
import type { SearchConsoleRepository } from '@serpwise/database';
import { StoredGoogleAuthorisation } from './google-authorisations.js';
import { SearchConsoleClient, type SearchConsoleClientOptions } from './search-console-client.js';

/**
 * One user's Search Console authorisation, for the API (connect, list properties, disconnect) and the worker (the
 * sync): the refresh token stored encrypted as the Sheets export's (same client, same cipher), in a table of its own
 * (search_console_connection), and only when the user granted webmasters.readonly.
 */
export class SearchConsoleAuthorisations extends StoredGoogleAuthorisation {
  constructor(environment: Environment, repository: SearchConsoleRepository, fetcher: typeof fetch = fetch) {
    super(environment, repository.connections, fetcher, searchConsoleScope);
  }

  /** A Search Console client acting as this user; GoogleNotAuthorisedError when they are not connected. */
  async clientFor(userId: string, options: SearchConsoleClientOptions = {}): Promise<SearchConsoleClient> {
    return new SearchConsoleClient(this.environment, await this.accessTokensOf(userId), {
      fetcher: this.fetcher,
      backoffMs: this.environment.SEARCH_CONSOLE_BACKOFF_MS,
      ...options,
    });
  }
}
