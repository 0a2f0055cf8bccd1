import { SerpProviderError } from '../serp/serp-provider.js';

/**
 * A provider failure in words a user can act on (issue 20 point 2: every provider error mapped to a message). The
 * people who can fix the account (credentials, credit, subscription) are the install's administrators, so those
 * messages say to ask them; a rate limit or an outage says to try again later; a refused subject says what to check.
 */
export function liveDataErrorMessage(error: unknown, provider = 'DataForSEO'): string {
  if (!(error instanceof SerpProviderError)) return `${provider} could not be asked: ${error instanceof Error ? error.message : String(error)}`;
  const code = error.details.code;
  if (code === 40204) return `${provider} refused: this DataForSEO account has no subscription to that API (Backlinks needs one). Ask your administrator to enable it at app.dataforseo.com.`;
  switch (error.kind) {
    case 'auth':
      return `${provider} refused the install's login. Ask your administrator to check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (app.dataforseo.com/api-access).`;
    case 'payment':
      return `The ${provider} account is out of credit. Ask your administrator to top it up at app.dataforseo.com; then press "Get live data" again.`;
    case 'rate-limit':
      return `${provider} is limiting how fast it answers. Wait a minute and press "Get live data" again.`;
    case 'server':
      return `${provider} had an internal error. Try again later; nothing was charged for what did not arrive.`;
    case 'network':
      return `${provider} could not be reached (${error.message}). Try again later; if it keeps failing, ask your administrator to check DATAFORSEO_BASE_URL and the network.`;
    case 'bad-request':
      return code === 40501 || code === 40503
        ? `${provider} refused the request (${error.message}). Check the domain or keyword you searched for.`
        : `${provider} could not answer for this search (${error.message}).`;
    case 'bad-response':
      return `${provider} sent an answer Serpwise could not read. Try again later.`;
  }
}
