import { errorsOf } from '@/lib/api-client';

/** Why a request failed (the server's first message), as an alert under what the user did; nothing without an error. */
export function RequestError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="alert alert--error" role="alert">
      {errorsOf(error)[0]}
    </p>
  );
}
