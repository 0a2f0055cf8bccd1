import { useEffect } from 'react';
import { botCheckMessage, researchLimitMessage, waitInWords } from '@serpwise/contracts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { slowDownReason, slowDownSeconds } from '../slow-scraping';
import { LoginPanel, SignUpPanel, useActiveState } from '@/features/auth';
import { PaywallPanel } from './paywall-panel';
import '../paywall.css';

const benefits = [
  ['Every keyword, every competitor', 'Full tables for every domain, URL and keyword — no row limits, no locked cells.'],
  ['Money columns unlocked', 'Cost per click, traffic value and PPC budgets for every row.'],
  ['Unlimited exports', 'Download any table as CSV or Excel, or send it to Google Sheets.'],
  ['14 years of history', 'Rankings and ads month by month, back to the start.'],
] as const;

/**
 * The scraper paywall page (docs/product/site.md §2 error pages, §4): where the scraper paywall sends non-full users.
 * Its sections are addressed by hash: #benefits, #signup and #login.
 */
export function ScraperPaywallPage() {
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl') ?? undefined;
  // Sent here by the research limit (the 'slow the scraping' path): say why and how long to wait.
  const slowDown = slowDownSeconds(params);
  const slowDownText = slowDown === null ? null : (slowDownReason(params) === 'bot' ? botCheckMessage : researchLimitMessage)(waitInWords(slowDown));
  const { data } = useActiveState();
  useEffect(() => {
    const section = hash.replace('#', '');
    if (section) document.getElementById(section)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const keep = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  const backAfterWait = returnUrl?.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : null;
  const notice = slowDownText !== null && (
    <p className="scraper-paywall__slow" role="status">
      {slowDownText}
      {backAfterWait && (
        <>
          {' '}
          <Link to={backAfterWait}>Back to your research</Link>
        </>
      )}
    </p>
  );

  // A full member held by the bot check has a plan already: only the wait and the way back.
  if (data?.user.isFullUser && notice) {
    return (
      <div className="page scraper-paywall">
        <section id="benefits" className="scraper-paywall__benefits">
          <div>
            <h1>Please slow down</h1>
            {notice}
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page scraper-paywall">
      <section id="benefits" className="scraper-paywall__benefits">
        <div>
          <p className="scraper-paywall__eyebrow">Members only</p>
          <h1>Keep researching with a Serpwise plan</h1>
          {notice}
          <p className="lead">This research is available to members. Pick a plan, or sign in if you already have one.</p>
          <ul className="scraper-paywall__list">
            {benefits.map(([title, text]) => (
              <li key={title}>
                <strong>{title}</strong>
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <p className="scraper-paywall__links">
            <Link to={`${keep}#signup`}>Create a free account</Link> · <Link to={`${keep}#login`}>Log in</Link>
          </p>
        </div>
        <PaywallPanel />
      </section>
      <div className="scraper-paywall__auth">
        <section id="signup" aria-label="Sign up">
          <SignUpPanel returnUrl={returnUrl} />
        </section>
        <section id="login" aria-label="Log in">
          <LoginPanel embedded returnUrl={returnUrl} />
        </section>
      </div>
    </div>
  );
}
