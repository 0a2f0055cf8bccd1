import { reportDesigns, type ReportDesign, type ReportTemplate } from '@serpwise/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useActiveState } from '@/features/auth';
import { PdfExportModal } from '@/features/exports';
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
const designs = reportDesigns;

/** What a card opens the report builder with. */
interface BuilderStart {
  template?: ReportTemplate;
  design?: ReportDesign;
}

/**
 * /custom-reports (also where /seo/reports goes): branded SEO and PPC reports, from a template and a design. Its cards
 * and "Create an SEO report" open the report builder (the PDF report modal) with that template or design chosen
 * (issue 22 point 7); a user without the full plan is sent to log in or upgrade. Recon reports keep their own wizard.
 */
export function CustomReportsPage() {
  const { data } = useActiveState();
  const viewer = viewerOf(data?.user);
  const navigate = useNavigate();
  const [builder, setBuilder] = useState<BuilderStart | null>(null);
  const open = (start: BuilderStart) => {
    if (viewer === 'full') setBuilder(start);
    else navigate(viewer === 'visitor' ? '/login' : '/upgrade');
  };
  return (
    <ResearchPage section="tools" title="Custom reports" kind="none" needsQuery={false} heading="Custom reports" aside={viewer !== 'full' ? <PanelUpsell /> : undefined}>
      <section className="tool-hero">
        <div>
          <h2>Branded SEO and PPC reports in minutes</h2>
          <p>Pick a template and a design, add your logo, and send the PDF now or on a schedule — weekly or monthly.</p>
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => open({})}>
              Create an SEO report
            </button>
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
            <button key={name} type="button" className="template-card" aria-label={`${name} template`} onClick={() => open({ template: name })}>
              <h3>{name}</h3>
              <p>{text}</p>
            </button>
          ))}
        </div>
      </Card>
      <Card title="Designs">
        <div className="template-grid design-grid">
          {designs.map((name, index) => (
            <button key={name} type="button" className={`template-card design-card design-card--${index}`} aria-label={`${name} design`} onClick={() => open({ design: name })}>
              <span className="design-card__swatch" aria-hidden="true" />
              <h3>{name}</h3>
            </button>
          ))}
        </div>
      </Card>
      {builder && (
        <PdfExportModal
          domain=""
          chooseDomain
          countryCode="US"
          sectionName="custom-reports"
          {...(builder.template ? { initialTemplate: builder.template } : {})}
          {...(builder.design ? { initialDesign: builder.design } : {})}
          onClose={() => setBuilder(null)}
        />
      )}
    </ResearchPage>
  );
}
