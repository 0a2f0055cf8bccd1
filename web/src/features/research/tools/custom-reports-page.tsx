import { Link } from 'react-router';
import { useActiveState } from '@/features/auth';
import { PanelUpsell, viewerOf } from '@/features/paywall';
import { ResearchPage } from '../components/research-page';
import { Card } from '../components/status';

/** The report templates and designs of docs/product/account-exports-reports.md §3 ("Report choices"). */
const templates = [
  ['Comprehensive', 'Every SEO and PPC number of a domain, with history.'],
  ['Executive', 'One page of headline numbers for a busy reader.'],
  ['Opportunity', 'Keywords within reach, content gaps and ads worth buying.'],
  ['Progress', 'What moved since the last report: ranks, clicks and ads.'],
  ['Strategy', 'Competitors side by side, and where to act next.'],
] as const;
const designs = ['Surf', 'Executive', 'Arc', 'Slate', 'Whiteboard', 'Zest', 'Harmony', 'White'] as const;

/** /custom-reports (also where /seo/reports goes): branded SEO and PPC reports, from a template and a design. */
export function CustomReportsPage() {
  const { data } = useActiveState();
  const viewer = viewerOf(data?.user);
  return (
    <ResearchPage section="tools" title="Custom reports" kind="none" needsQuery={false} heading="Custom reports" aside={viewer !== 'full' ? <PanelUpsell /> : undefined}>
      <section className="tool-hero">
        <div>
          <h2>Branded SEO and PPC reports in minutes</h2>
          <p>Pick a template and a design, add your logo, and send the PDF now or on a schedule — weekly or monthly.</p>
          <div className="actions">
            <Link className="button button--primary" to="/recon/create/seo">
              Create an SEO report
            </Link>
            <Link className="button" to="/recon/create/ppc">
              Create a PPC report
            </Link>
            <Link className="button button--link" to="/recon">
              Your recon reports
            </Link>
          </div>
        </div>
        <ul className="feature-list">
          <li>White label: your logo, your colours, your name</li>
          <li>Scheduled delivery by e-mail, weekly or monthly</li>
          <li>Live ranking pages to share with clients</li>
        </ul>
      </section>
      <Card title="Templates">
        <div className="template-grid">
          {templates.map(([name, text]) => (
            <article key={name} className="template-card">
              <h3>{name}</h3>
              <p>{text}</p>
            </article>
          ))}
        </div>
      </Card>
      <Card title="Designs">
        <div className="template-grid design-grid">
          {designs.map((name, index) => (
            <article key={name} className={`template-card design-card design-card--${index}`}>
              <span className="design-card__swatch" aria-hidden="true" />
              <h3>{name}</h3>
            </article>
          ))}
        </div>
      </Card>
    </ResearchPage>
  );
}
