import { restPrefix, type AssistantMessage, type AssistantReply, type AssistantStatus } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /rest/assistant: whether the server has a model to chat with. */
export const useAssistantStatus = () =>
  useQuery({ queryKey: ['assistant', 'status'], queryFn: () => apiRequest<AssistantStatus>(`${restPrefix}/assistant`), staleTime: 60_000 });

/** POST /rest/assistant/chat: the conversation ending with the new question, in the territory researched. */
export const askAssistant = (messages: AssistantMessage[], countryCode: string, signal?: AbortSignal) =>
  apiRequest<AssistantReply>(`${restPrefix}/assistant/chat`, { method: 'POST', body: { messages, countryCode }, signal });
