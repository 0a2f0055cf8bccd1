import { apiRequest } from '@/lib/api-client';

/** The bare domain of what the user typed (throws ApiRequestError 400 when it is not a domain). */
export const cleanseDomain = (domain: string) => apiRequest<{ domain: string }>('/rest/onboarding/cleanse-domain', { query: { domain } });
