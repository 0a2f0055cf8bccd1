import { useRef, type FormEvent, type ReactNode } from 'react';
import { csrfFormField } from '@serpwise/contracts';
import { csrfToken } from '@/lib/csrf';

/**
 * Logging out is a navigation (docs/product/site.md §4): a form posting to /auth/logout with the cross-site token, so no
 * other site can log the user out with a link or an image (docs/decisions.md, issue 16). The server ends the session
 * and redirects; the page reloads as a visitor's.
 */
export function LogOutForm({ className, role, children }: { className?: string; role?: string; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const token = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    token.current!.value = await csrfToken();
    form.current!.submit();
  }

  return (
    <form ref={form} method="post" action="/auth/logout" className="log-out-form" onSubmit={(event) => void submit(event)}>
      <input ref={token} type="hidden" name={csrfFormField} defaultValue="" />
      <button type="submit" className={className} role={role}>
        {children}
      </button>
    </form>
  );
}
