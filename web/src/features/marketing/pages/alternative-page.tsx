import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '@/features/error-pages';
import { marketingTexts } from '../marketing-texts';
import '../marketing.css';
import { alternativeTitle, competitorOf } from './alternative-slug';
import './alternative-page.css';

/** One row of a comparison: what is compared, Serpwise's answer, the competitor's. */
type ComparisonRow = [subject: string, ours: string, theirs: string];

const priceRows: ComparisonRow[] = [
  ['Entry plan, billed monthly', '$39', '$129 and up'],
  ['Entry plan, billed annually', '$33 / month', '$108 and up / month'],
  ['Each extra team member', '$20', '$45 and up'],
  ['Historical data', 'Included (14 years)', 'Often a higher tier'],
];

const limitRows: ComparisonRow[] = [
  ['Searches per day', 'Unlimited', 'Capped per plan'],
  ['Results per search', 'Unlimited', 'Capped per plan'],
  ['CSV and Excel exports', 'Unlimited', 'Counted against a quota'],
  ['Projects', 'Unlimited', 'A few per plan'],
  ['White-label PDF reports', 'Included', 'Add-on or higher tier'],
];

/** Serpwise against a typical plan of the competitor; with `verdicts`, our cells read as a yes and theirs as a no. */
function ComparisonTable({ caption, subject, competitor, rows, verdicts = false, className }: { caption: string; subject: string; competitor: string; rows: ComparisonRow[]; verdicts?: boolean; className?: string }) {
  return (
    <div className={className ? `mk-table-wrap ${className}` : 'mk-table-wrap'}>
      <table className="mk-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{subject}</th>
            <th scope="col" className="mk-us">
              Serpwise
            </th>
            <th scope="col">Typical {competitor} plan*</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([row, ours, theirs]) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              <td className={verdicts ? 'mk-us mk-yes' : 'mk-us'}>{ours}</td>
              <td className={verdicts ? 'mk-no' : undefined}>{theirs}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const purchasePath = '/mainpurchase';

function RiskFreeButton({ label = marketingTexts.defaultCta }: { label?: string }) {
  return (
    <Link className="button button--accent button--large" to={purchasePath}>
      {label}
    </Link>
  );
}

function Demo({ competitor }: { competitor: string }) {
  return (
    <div className="alt-demo" role="img" aria-label={`A preview of Serpwise's domain overview, the research ${competitor} users move to`}>
      <div className="alt-demo__bar">
        <span />
        <span />
        <span />
        <p>serpwise · Domain overview</p>
      </div>
      <div className="alt-demo__body">
        <div className="alt-demo__kpis">
          <p>
            <b>1,284</b> organic keywords
          </p>
          <p>
            <b>48.2k</b> monthly clicks
          </p>
          <p>
            <b>$12.9k</b> monthly ad budget
          </p>
        </div>
        <div className="alt-demo__chart" aria-hidden="true">
          {[22, 30, 28, 36, 44, 41, 52, 58, 55, 63, 70, 78].map((height, index) => (
            <span key={index} style={{ height: `${height}%` }} />
          ))}
        </div>
        <Link className="alt-demo__play" to="/homepage/overview">
          ▶ Try the live demo: search any domain
        </Link>
      </div>
    </div>
  );
}

/**
 * {anything}-alternative (docs/product/site.md §2): the competitor-comparison page. Title 'The {competitor} Alternative (with Unlimited
 * Data)'; a hero with an embedded demo; two price comparison tables; content sections; a testimonial; an agency
 * section; risk-free buttons to the purchase page; the closing line 'starts at just $33/month'.
 */
export function AlternativePage() {
  const { slug } = useParams();
  const competitor = competitorOf(slug);
  const title = competitor ? alternativeTitle(competitor) : null;

  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | Serpwise`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (!competitor || !title) return <NotFoundPage />;

  return (
    <div className="mk alternative">
      <section className="mk-hero bleed">
        <div className="mk-hero__inner alternative__hero">
          <span className="mk-badge">Switch and save</span>
          <h1>{title}</h1>
          <p>
            Everything you use {competitor} for — competitor keywords, ad history, backlinks, rank tracking and client reports — with no caps on
            searches, results or exports.
          </p>
          <div className="mk-hero__actions">
            <RiskFreeButton />
          </div>
          <p className="mk-hero__fine">
            {marketingTexts.moneyBack} · {marketingTexts.noContracts}
          </p>
          <Demo competitor={competitor} />
        </div>
      </section>

      <section className="mk-section">
        <h2>What you pay</h2>
        <p className="mk-lead">One flat price per seat, whatever you search. Compare it with what a typical {competitor} subscription costs.</p>
        <ComparisonTable caption="Price per month" subject="Plan" competitor={competitor} rows={priceRows} />
        <ComparisonTable caption="What the price includes" subject="Limit" competitor={competitor} rows={limitRows} verdicts className="alternative__second-table" />
        <p className="mk-footnote">* Ranges summarise the entry plans of popular SEO suites; check {competitor}’s own pricing page for its current prices and limits.</p>
      </section>

      <section className="mk-section">
        <h2>Why teams move from {competitor}</h2>
        <div className="mk-grid">
          <article className="mk-card">
            <h3>No more rationing searches</h3>
            <p>Research every competitor your client names in the kick-off call. No daily report limits, no “upgrade to see more rows”.</p>
          </article>
          <article className="mk-card">
            <h3>PPC history that goes back years</h3>
            <p>See every ad a competitor ran on a keyword and how long they kept paying. Long-running ads are the ones that make money.</p>
          </article>
          <article className="mk-card">
            <h3>Built for agencies</h3>
            <p>Projects per client, keyword groups and labels, outreach tracking and branded reports are all in the base price.</p>
          </article>
        </div>
      </section>

      <section className="mk-section">
        <figure className="mk-quote">
          <blockquote>
            “We moved our whole team off {competitor} in an afternoon. Same research, a third of the cost, and nobody has asked me for more export
            credits since.”
          </blockquote>
          <figcaption>Jordan Patel, SEO Lead at Bluepeak Outdoor</figcaption>
        </figure>
      </section>

      <section className="mk-section alternative__agency">
        <div>
          <h2>Running an agency?</h2>
          <p>
            Add teammates for $20 a seat, keep one project per client, and schedule white-label PDF reports that go out with your logo every month.
            Prospect for new clients with top lists of the sites that rank in their market.
          </p>
          <ul>
            <li>Team seats with their own logins</li>
            <li>Scheduled, branded SEO and PPC reports</li>
            <li>Backlink outreach with contacts and history</li>
          </ul>
        </div>
        <RiskFreeButton label="See agency plans" />
      </section>

      <section className="mk-band">
        <h2>Try it with your own competitors</h2>
        <p>
          Serpwise starts at just $33/month with unlimited data and downloads. {marketingTexts.moneyBack}, and {marketingTexts.noContracts.toLowerCase()}.
        </p>
        <RiskFreeButton />
      </section>
    </div>
  );
}
