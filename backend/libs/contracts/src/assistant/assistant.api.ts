import { z } from 'zod';
import { countryCodeSchema } from '../research/territories.js';

/**
 * The research assistant of /serpwise-custom-gpt and /spygpt (issue 24 point 10, docs/product/site.md §2): a chat
 * whose answers come from Serpwise's own research, looked up by tool calls on an OpenAI-compatible chat endpoint that
 * the administrator configures (ASSISTANT_BASE_URL, ASSISTANT_API_KEY, ASSISTANT_MODEL).
 */

/** Limits of one conversation: what the browser may send, and how much the model may look up per question. */
export const assistantLimits = {
  /** A question as typed. */
  questionChars: 1_000,
  /** An earlier answer sent back as context (longer ones are cut, not refused: they were the server's own). */
  answerChars: 6_000,
  /** Messages of the conversation sent with a question, the new one included (older ones are dropped by the page). */
  messages: 20,
  /** Rounds of tool calls the model may ask for before it must answer with what it has. */
  toolRounds: 4,
  /** Tool calls run per round; further ones are answered "not run". */
  toolCallsPerRound: 5,
  /** Characters of one tool result given to the model (rows are cut first). */
  toolResultChars: 6_000,
  /** Rows of a table a tool result carries. */
  toolRows: 10,
} as const;

const messageSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('user'),
    content: z.string().trim().min(1, 'Type a question.').max(assistantLimits.questionChars, `A question is at most ${assistantLimits.questionChars} characters.`),
  }),
  z.object({ role: z.literal('assistant'), content: z.string().transform((text) => text.slice(0, assistantLimits.answerChars)) }),
]);

/** POST /rest/assistant/chat: the conversation so far, ending with the user's new question. */
export const assistantChatSchema = z
  .object({
    messages: z
      .array(messageSchema, { error: 'messages is required.' })
      .min(1, 'Type a question.')
      .max(assistantLimits.messages, `A conversation sends at most ${assistantLimits.messages} messages; start a new one.`),
    /** The territory the user researches: the default of every look-up. */
    countryCode: countryCodeSchema,
  })
  .strict()
  .refine((request) => request.messages.at(-1)?.role === 'user', { message: 'The last message must be your question.', path: ['messages'] });
export type AssistantChatRequest = z.infer<typeof assistantChatSchema>;
export type AssistantMessage = AssistantChatRequest['messages'][number];

/** A research page behind an answer: what the assistant looked up, where the user checks it. */
export const assistantSourceSchema = z.object({ label: z.string(), href: z.string() });
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

export const assistantReplySchema = z.object({
  reply: z.string(),
  /** One per successful look-up, in the order they ran, without repeats. */
  sources: z.array(assistantSourceSchema),
});
export type AssistantReply = z.infer<typeof assistantReplySchema>;

/** GET /rest/assistant: whether the page can chat, and what it says when it cannot. */
export const assistantStatusSchema = z.object({
  configured: z.boolean(),
  /** The sentence the page shows when not configured; null when it is. */
  message: z.string().nullable(),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** What the user reads (docs/product/site.md §2); each names what they can do about it. */
export const assistantMessages = {
  // Mirrors the Sheets export's sentence (googleSheetsMessages.notConfigured).
  notConfigured: 'The research assistant is not configured on this server. An administrator must set ASSISTANT_BASE_URL and ASSISTANT_MODEL.',
  unreachable: 'The AI model server could not be reached. Please try again in a few minutes; if it keeps happening, tell your administrator.',
  timedOut: 'The AI model took too long to answer. Please try again, perhaps with a shorter question.',
  keyRefused: 'The AI model server refused this server’s API key. An administrator must check ASSISTANT_API_KEY.',
  modelUnknown: (model: string) => `The AI model server does not offer the model “${model}”. An administrator must check ASSISTANT_MODEL.`,
  busy: (wait: string) => `The AI model server is busy (too many requests). Please try again in ${wait}.`,
  failed: (status: number) => `The AI model server answered with an error (${status}). Please try again in a few minutes.`,
  unreadable: 'The AI model server sent an answer Serpwise could not read. Please try again; if it keeps happening, tell your administrator.',
  tooManyLookUps: 'I could not finish looking this up. Please ask a narrower question, for example about one domain or keyword.',
} as const;
