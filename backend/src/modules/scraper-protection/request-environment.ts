import { acceptLanguageTags, defaultTerritoryCode, findTerritory, territoryOfLanguages } from '@serpwise/contracts';

/** Phones: "Mobi" is Mozilla's advice for any mobile browser; Android without it is a tablet; iPads are not phones. */
const mobileAgent = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;

/**
 * User agents that say they are not a person's browser: search and SEO crawlers, headless and automated browsers,
 * and HTTP libraries and command-line tools.
 */
const botAgent =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|headlesschrome|phantomjs|electron\/|puppeteer|playwright|selenium|python-requests|python-urllib|aiohttp|httpx|scrapy|curl\/|wget\/|libwww|go-http-client|java\/|okhttp|node-fetch|axios\/|undici|httpclient|postmanruntime|insomnia/i;

export const isMobileUserAgent = (userAgent: string | undefined): boolean => Boolean(userAgent && mobileAgent.test(userAgent));

/** A request without a user agent is no browser either. */
export const isBotUserAgent = (userAgent: string | undefined): boolean => !userAgent?.trim() || botAgent.test(userAgent);

/**
 * The visitor's territory: the edge proxy's country header when configured and it names a supported territory,
 * else the first supported territory of Accept-Language, else the default (US).
 */
export function countryCodeOf(headers: { country: string | undefined; acceptLanguage: string | undefined }): string {
  const fromHeader = headers.country ? findTerritory(headers.country)?.code : undefined;
  return fromHeader ?? territoryOfLanguages(acceptLanguageTags(headers.acceptLanguage)) ?? defaultTerritoryCode;
}
