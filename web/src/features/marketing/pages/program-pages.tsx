import { partnerOfferPaths } from '@serpwise/contracts';
import { Link } from 'react-router';
import '../marketing.css';

const perks = [
  { partner: 'Capital One Business', offer: '20% off your first Serpwise payment for Capital One business cardholders.', to: '/capital-one-spring-member-offer' },
  { partner: 'ClickCease', offer: 'Serpwise members get a discount on click-fraud protection for their ad accounts.', to: '/clickcease-offer' },
  { partner: 'MobileMonkey', offer: 'Chat and SMS marketing tools at a member price.', to: '/mobilemonkey-offer' },
  { partner: 'AI Content Assistant', offer: 'Early access to our AI tool that finds and fills content gaps on your site.', to: '/content-assistant-offer' },
];

/** /memberperks (docs/product/site.md §2). */
export function MemberPerksPage() {
  return (
    <div className="mk">
      <section className="mk-hero mk-hero--green bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">Member perks</span>
          <h1>Perks for Serpwise members</h1>
          <p>Discounts and early access from the tools our members use next to Serpwise. New perks are added every quarter.</p>
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-grid mk-grid--2">
          {perks.map((perk) => (
            <article key={perk.partner} className="mk-card">
              <h3>{perk.partner}</h3>
              <p>{perk.offer}</p>
              <p style={{ marginTop: 12 }}>
                <Link to={perk.to}>See the offer →</Link>
              </p>
            </article>
          ))}
        </div>
        <p className="mk-footnote" style={{ textAlign: 'center', marginTop: 16 }}>
          Partner offers are run by the partners; their terms apply. {partnerOfferPaths.length} partner offers and counting.
        </p>
      </section>
    </div>
  );
}

/** /affiliates (docs/product/site.md §2). */
export function AffiliatesPage() {
  return (
    <div className="mk">
      <section className="mk-hero bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">Affiliate program</span>
          <h1>Earn 30% for every customer you send us</h1>
          <p>Recommend Serpwise to your audience and earn a 30% recurring commission for as long as the customers you refer stay subscribed.</p>
          <div className="mk-hero__actions">
            <a className="button button--accent button--large" href="mailto:affiliates@serpwise.example?subject=Affiliate%20application">
              Apply to the program
            </a>
          </div>
        </div>
      </section>
      <section className="mk-section">
        <h2>How it works</h2>
        <ol className="mk-steps">
          <li>
            <h3>Apply</h3>
            <p>Tell us where you publish: a blog, a newsletter, a YouTube channel or a course. We answer within three business days.</p>
          </li>
          <li>
            <h3>Share your link</h3>
            <p>You get a personal link and ready-made banners. Visitors you send are remembered for 60 days.</p>
          </li>
          <li>
            <h3>Get paid monthly</h3>
            <p>30% of every payment your referrals make, paid by PayPal or bank transfer once you pass $50.</p>
          </li>
        </ol>
      </section>
      <section className="mk-section">
        <h2>Questions</h2>
        <div className="mk-faq">
          <details>
            <summary>Who can join?</summary>
            <p>Anyone who writes or teaches about marketing, SEO or PPC. You don’t need to be a Serpwise customer, though it helps.</p>
          </details>
          <details>
            <summary>Do annual plans count?</summary>
            <p>Yes. You earn 30% of the annual payment when it is made, and again when it renews.</p>
          </details>
          <details>
            <summary>Can I bid on “Serpwise” in search ads?</summary>
            <p>No. Brand bidding is the one thing we don’t allow; everything else is fair game.</p>
          </details>
        </div>
      </section>
    </div>
  );
}

const openings = [
  { title: 'Senior Backend Engineer (Data Pipelines)', team: 'Engineering', place: 'Remote, US & Canada' },
  { title: 'Frontend Engineer (React)', team: 'Engineering', place: 'Boulder, CO or remote' },
  { title: 'Customer Success Manager, Agencies', team: 'Customer Success', place: 'Boulder, CO' },
  { title: 'Content Marketer, SEO', team: 'Marketing', place: 'Remote' },
];

/** /jobs (docs/product/site.md §2): careers. */
export function JobsPage() {
  return (
    <div className="mk">
      <section className="mk-hero mk-hero--light bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">Careers</span>
          <h1>Build the research tools marketers rely on</h1>
          <p>We are a small team that ships every week. We read our customers’ support emails, and we all own what we build.</p>
        </div>
      </section>
      <section className="mk-section">
        <h2>Open positions</h2>
        <div className="mk-grid mk-grid--2">
          {openings.map((opening) => (
            <article key={opening.title} className="mk-card">
              <p className="mk-card__meta">
                {opening.team} · {opening.place}
              </p>
              <h3>{opening.title}</h3>
              <p style={{ marginTop: 10 }}>
                <a href={`mailto:jobs@serpwise.example?subject=${encodeURIComponent(opening.title)}`}>Apply by e-mail →</a>
              </p>
            </article>
          ))}
        </div>
      </section>
      <section className="mk-section">
        <h2>What you get</h2>
        <div className="mk-grid">
          <article className="mk-card">
            <h3>Time to do it right</h3>
            <p>Four-day focus weeks with no meetings on Fridays.</p>
          </article>
          <article className="mk-card">
            <h3>Health and retirement</h3>
            <p>Full medical, dental and vision cover, and a 5% retirement match.</p>
          </article>
          <article className="mk-card">
            <h3>Learning budget</h3>
            <p>$2,000 a year for courses, books and conferences.</p>
          </article>
        </div>
      </section>
    </div>
  );
}
