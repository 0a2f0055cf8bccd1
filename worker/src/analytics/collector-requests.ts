import type { StoredAnalyticsEvent } from '@serpwise/database';

export interface CollectorSettings {
  kind: 'posthog' | 'plausible';
  /** The collector's base address (ANALYTICS_FORWARD_URL). */
  url: string;
  /** PostHog: the project API key. */
  apiKey?: string | undefined;
  /** Plausible: the site's domain. */
  domain: string;
  /** Plausible: the page address each event is said to happen on (PUBLIC_URL). */
  publicUrl: string;
  timeoutMs?: number;
}

export interface CollectorRequest {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

const base = (url: string) => url.replace(/\/+$/, '');
const userAgent = 'Serpwise-analytics-forwarder/1.0';

/**
 * PostHog's batch capture (POST /batch/): the project key as api_key, each event with its name, time and
 * properties. No person is behind an event here (the events carry none), so each is an anonymous event
 * ($process_person_profile false) with the event's own id as distinct_id, and uuid for PostHog's de-duplication.
 */
export function postHogBatch(settings: CollectorSettings, events: readonly StoredAnalyticsEvent[]): CollectorRequest {
  return {
    url: `${base(settings.url)}/batch/`,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: {
      api_key: settings.apiKey,
      batch: events.map((event) => ({
        event: event.name,
        distinct_id: event.id,
        uuid: event.id,
        timestamp: event.occurredAt,
        properties: { category: event.category, action: event.action, label: event.label, source: event.source, $process_person_profile: false },
      })),
    },
  };
}

/**
 * Plausible's Events API (POST /api/event), one event a request: name, url, domain and props (strings only). The
 * User-Agent header is required; no X-Forwarded-For is sent (no visitor's address leaves the server). Plausible
 * takes no timestamp: an event counts when it arrives.
 */
export function plausibleEvent(settings: CollectorSettings, event: StoredAnalyticsEvent): CollectorRequest {
  const props: Record<string, string> = { category: event.category, action: event.action, source: event.source };
  if (event.label !== null) props.label = event.label;
  return {
    url: `${base(settings.url)}/api/event`,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: { name: event.name, url: `${base(settings.publicUrl)}/`, domain: settings.domain, props },
  };
}

export class CollectorRefusal extends Error {}

async function post(request: CollectorRequest, timeoutMs: number): Promise<void> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body), signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new CollectorRefusal(`The collector answered ${response.status} to ${request.url}`);
}

/**
 * Sends events to the collector; the ones it accepted come back (PostHog: the whole batch or none; Plausible: those
 * sent before the first refusal). A refusal or time-out is thrown only when nothing was accepted.
 */
export async function sendToCollector(settings: CollectorSettings, events: readonly StoredAnalyticsEvent[]): Promise<StoredAnalyticsEvent[]> {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  if (settings.kind === 'posthog') {
    await post(postHogBatch(settings, events), timeoutMs);
    return [...events];
  }
  const accepted: StoredAnalyticsEvent[] = [];
  for (const event of events) {
    try {
      await post(plausibleEvent(settings, event), timeoutMs);
    } catch (error) {
      if (!accepted.length) throw error;
      break;
    }
    accepted.push(event);
  }
  return accepted;
}
