import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';

/** Loading, failure and not-found states of a research screen. */
export function Loading({ label = 'Loading research…' }: { label?: string }) {
  return (
    <div className="research-loading">
      <Spinner size="small" label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

export function ResearchError({ error }: { error: unknown }) {
  return (
    <div className="alert alert--error" role="alert">
      {errorsOf(error).map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function NotFound({ query, territory, children }: { query: string; territory: string; children?: ReactNode }) {
  return (
    <div className="research-empty" role="status">
      <h2>No data for {query}</h2>
      <p>
        {query} is not in our {territory} search results yet. Check the spelling, or try another territory.
      </p>
      {children}
    </div>
  );
}

/** A card with a title and, in its head, an optional link to the full screen ("All keywords →") or another action. */
export function Card({ title, link, action, children, className = '' }: { title: ReactNode; link?: { to: string; label: string }; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`research-card ${className}`}>
      <header className="research-card__head">
        <h2>{title}</h2>
        {link && (
          <Link className="research-card__link" to={link.to}>
            {link.label} →
          </Link>
        )}
        {action}
      </header>
      {children}
    </section>
  );
}
