import { describe, expect, it } from '@jest/globals';
import type { StoredAnalyticsEvent } from '@serpwise/database';
import { plausibleEvent, postHogBatch, type CollectorSettings } from './collector-requests.js';

const settings: CollectorSettings = { kind: 'posthog', url: 'https://collector.example/', apiKey: 'phc_test', domain: 'serpwise.example', publicUrl: 'https://serpwise.example' };
const event: StoredAnalyticsEvent = { id: '0b6f4a52-3f6c-4c43-9d7e-5f3c1a2b9e10', name: 'Acct_Billed', category: 'Account', action: 'Billed', label: 'Basic', occurredAt: '2026-11-27T10:00:00.000Z', source: 'server' };

describe('collector requests', () => {
  it('PostHog: one POST /batch/ with api_key and each event anonymous, timed and de-duplicable', () => {
    expect(postHogBatch(settings, [event])).toEqual({
      url: 'https://collector.example/batch/',
      headers: { 'content-type': 'application/json', 'user-agent': 'Serpwise-analytics-forwarder/1.0' },
      body: {
        api_key: 'phc_test',
        batch: [
          {
            event: 'Acct_Billed',
            distinct_id: event.id,
            uuid: event.id,
            timestamp: '2026-11-27T10:00:00.000Z',
            properties: { category: 'Account', action: 'Billed', label: 'Basic', source: 'server', $process_person_profile: false },
          },
        ],
      },
    });
  });

  it('Plausible: POST /api/event with name, url, domain and string props, and a User-Agent', () => {
    const request = plausibleEvent({ ...settings, kind: 'plausible' }, { ...event, label: null });
    expect(request.url).toBe('https://collector.example/api/event');
    expect(request.headers['user-agent']).toBe('Serpwise-analytics-forwarder/1.0');
    expect(request.body).toEqual({ name: 'Acct_Billed', url: 'https://serpwise.example/', domain: 'serpwise.example', props: { category: 'Account', action: 'Billed', source: 'server' } });
  });
});
