import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import '../marketing.css';
import './company-page.css';

export const contactSection = 'contactUs';

const milestones = [
  { year: '2006', text: 'Two PPC consultants start saving competitors’ ads by hand to see which ones survive.' },
  { year: '2011', text: 'The first organic rankings database: 4 million keywords in the United States.' },
  { year: '2017', text: 'Kombat arrives, and agencies start using it to win pitches.' },
  { year: '2023', text: '30 search territories and 14 years of monthly history.' },
  { year: '2026', text: 'Self-hostable Serpwise: your research, on your own servers.' },
];

/** /company (docs/product/site.md §2); ?section=contactUs selects (scrolls to and highlights) the contact section. */
export function CompanyPage() {
  const [params] = useSearchParams();
  const contact = useRef<HTMLElement>(null);
  const contactSelected = params.get('section')?.toLowerCase() === contactSection.toLowerCase();

  useEffect(() => {
    if (contactSelected) contact.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [contactSelected]);

  return (
    <div className="mk company">
      <section className="mk-hero mk-hero--light bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">About Serpwise</span>
          <h1>We help marketers copy what already works in search</h1>
          <p>
            Serpwise records which keywords businesses rank for and buy, month after month, so you can see what your competitors learned the
            expensive way — and skip straight to the part that makes money.
          </p>
        </div>
      </section>

      <nav className="company__tabs" aria-label="Company sections">
        <Link to="/company" className={!contactSelected ? 'company__tab company__tab--active' : 'company__tab'} aria-current={!contactSelected ? 'page' : undefined}>
          About us
        </Link>
        <Link
          to={`/company?section=${contactSection}`}
          className={contactSelected ? 'company__tab company__tab--active' : 'company__tab'}
          aria-current={contactSelected ? 'page' : undefined}
        >
          Contact us
        </Link>
      </nav>

      <section className="mk-section">
        <h2>What we believe</h2>
        <div className="mk-grid">
          <article className="mk-card">
            <h3>Data should be unlimited</h3>
            <p>Research is guesswork when every search costs credits. Every plan has unlimited searches, results and exports.</p>
          </article>
          <article className="mk-card">
            <h3>History beats snapshots</h3>
            <p>An ad that ran for three years made money. A keyword that held page one for a decade is worth fighting for. We keep it all.</p>
          </article>
          <article className="mk-card">
            <h3>Plain prices, no contracts</h3>
            <p>One price per seat, a 30-day money-back guarantee, and you can cancel whenever you like from your account page.</p>
          </article>
        </div>
      </section>

      <section className="mk-section">
        <h2>Our story</h2>
        <ol className="company__timeline">
          {milestones.map((milestone) => (
            <li key={milestone.year}>
              <b>{milestone.year}</b>
              <span>{milestone.text}</span>
            </li>
          ))}
        </ol>
      </section>

      <section
        ref={contact}
        id="contact-us"
        className={`mk-section company__contact ${contactSelected ? 'company__contact--selected' : ''}`}
        aria-labelledby="contact-heading"
      >
        <h2 id="contact-heading">Contact us</h2>
        <p className="mk-lead">Real people answer every message, usually within one business day.</p>
        <div className="mk-grid">
          <article className="mk-card">
            <h3>Support</h3>
            <p>Questions about your account, billing or the data.</p>
            <p>
              <a href="mailto:support@serpwise.example">support@serpwise.example</a>
            </p>
          </article>
          <article className="mk-card">
            <h3>Sales &amp; agencies</h3>
            <p>Team plans, white-label reports and invoices.</p>
            <p>
              <a href="mailto:sales@serpwise.example">sales@serpwise.example</a>
            </p>
          </article>
          <article className="mk-card">
            <h3>Phone &amp; office</h3>
            <p>Mon–Fri, 8am–6pm Mountain Time</p>
            <p>
              <a href="tel:+18885550142">+1 888 555 0142</a>
            </p>
            <p>1600 Pearl Street, Suite 300, Boulder, CO 80302</p>
          </article>
        </div>
        <p className="company__security">
          Found a security problem? Please follow our <Link to="/vulnerability-disclosure-policy">vulnerability disclosure policy</Link>.
        </p>
      </section>
    </div>
  );
}
