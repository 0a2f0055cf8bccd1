import { type FormEvent, useState } from 'react';
import { errorsOf } from '@/lib/api-client';

/**
 * Submitting a validated auth form: check every field, mark it sending, send, and show the server's refusals.
 * With leavesPage the page navigates away after a success, so the button stays disabled until it does.
 */
export function useServerSubmit(form: { validateAll: () => boolean }, send: () => Promise<void>, { leavesPage = false } = {}) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      await send();
      if (!leavesPage) setSending(false);
    } catch (error) {
      setErrors(errorsOf(error));
      setSending(false);
    }
  }

  return { submit, sending, errors };
}
