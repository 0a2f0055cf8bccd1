import { Link } from 'react-router';
import { teaserLink, type TeaserVariant } from '../paywall-rules';
import '../paywall.css';
import { loginHref, useHere, withReturnUrl } from '@/lib/return-url';

export const teaserTexts = {
  heading: 'Want to view more results?',
  body: 'To view more data, subscribe to one of our plans.',
  benefits: ['Advanced filtering and sorting', 'Huge keyword database', 'Export to Excel or CSV'],
  button: 'See Plans and Pricing',
} as const;

function Check() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="8" fill="currentColor" opacity="0.15" />
      <path d="m4.5 8.2 2.2 2.2 4.8-4.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The paywall teaser under a table (docs/product/account-exports-reports.md §2): the current design for the research tables and the older compact
 * design for small tables, each for visitors (to /mainpurchase, with a login link) and free users (to /upgrade).
 */
export function PaywallTeaser({ variant, returnTo }: { variant: TeaserVariant; returnTo?: string }) {
  const oldTable = variant.startsWith('old-table');
  const visitor = variant.endsWith('visitor');
  const here = useHere();
  const login = loginHref(returnTo ?? here);
  return (
    <aside className={`teaser teaser--${variant}${oldTable ? ' teaser--old-table' : ''}`} aria-label={teaserTexts.heading} data-variant={variant}>
      <div className="teaser__text">
        <h3>{teaserTexts.heading}</h3>
        <p>{teaserTexts.body}</p>
        <ul className="teaser__benefits">
          {teaserTexts.benefits.map((benefit) => (
            <li key={benefit}>
              <Check />
              {benefit}
            </li>
          ))}
        </ul>
      </div>
      <div className="teaser__actions">
        <Link className="button button--primary" to={withReturnUrl(teaserLink(variant), returnTo ?? here)}>
          {teaserTexts.button}
        </Link>
        {visitor && (
          <small>
            Already a member? <Link to={login}>Log in</Link>
          </small>
        )}
      </div>
    </aside>
  );
}
