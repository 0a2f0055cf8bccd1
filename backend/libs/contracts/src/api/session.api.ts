import { z } from 'zod';

/** GET /rest/session: the session bootstrap for clients without the page's meta tags (the Vite dev server, scripts). */
export const sessionBootstrapSchema = z.object({
  sessionId: z.string(),
  /** Null while nobody is logged in on the session. */
  userId: z.string().nullable(),
  /** What state-changing calls send back in the x-csrf-token header. */
  csrfToken: z.string(),
});
export type SessionBootstrap = z.infer<typeof sessionBootstrapSchema>;
