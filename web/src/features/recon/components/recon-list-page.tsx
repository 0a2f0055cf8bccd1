import { panelUpsell, type ReconReport } from '@serpwise/contracts';
import { Link, useParams } from 'react-router';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { formatDate } from '@/lib/format';
import { useActiveState } from '@/features/auth';
import { useReconReports } from '../api/recon';
import { loginHref, signUpHref } from '@/lib/return-url';

const products: Record<string, { heading: string; text: string }> = {
  seo: { heading: 'SEO recon reports', text: 'Track where a client ranks against its competitors for the keywords that matter, month after month.' },
  ppc: { heading: 'PPC recon reports', text: 'Follow the keywords a client buys and see who outranks it organically while the ads run.' },
};

const reportColumns: SimpleColumn<ReconReport>[] = [
  { header: 'Report', cell: (report) => <Link to={`/recon/live-ranking/${report.id}`}>{report.name}</Link> },
  { header: 'Type', cell: (report) => report.type.toUpperCase() },
  { header: 'Domain', cell: (report) => `${report.primaryDomain} (${report.territory})` },
  { header: 'Keywords', cell: (report) => report.keywordCount },
  { header: 'Competitors', cell: (report) => report.competitors.length },
  { header: 'Created', cell: (report) => formatDate(report.createdAt) },
  { headerLabel: 'Actions', cell: (report) => <Link to={`/recon/edit?id=${report.id}`}>Edit</Link> },
];

/** /recon (and its public product pages /recon/{name}): visitors see what recon reports are; users see their reports. */
export function ReconListPage() {
  const { data, isPending } = useActiveState();
  if (isPending) return <p className="page">Loading…</p>;
  return data?.user.isLoggedIn ? <ReconReportList /> : <ReconProductPage />;
}

/** Recon reports spend a full plan's tracked keywords: the same way to upgrade as the projects panel's upsell. */
function UpgradeNowLink() {
  return (
    <a className="button button--primary" href={panelUpsell.href}>
      {panelUpsell.button}
    </a>
  );
}

/** The public product page: what a recon report is, with sign-up. */
export function ReconProductPage() {
  const { product } = useParams();
  const { data } = useActiveState();
  const focus = product ? products[product] : undefined;
  return (
    <div className="page recon recon-product">
      <section className="tool-hero">
        <div>
          <h1>{focus?.heading ?? 'Keyword Recon Reports'}</h1>
          <p>
            {focus?.text ??
              'A recon report follows one client domain, its keywords and its competitors. Every month you see who moved up, who dropped, and the full results page of each keyword — ready to share.'}
          </p>
          <div className="actions">
            {data?.user.isFullUser ? (
              <Link className="button button--primary" to="/recon/create/seo">
                Create a recon report
              </Link>
            ) : data?.user.isLoggedIn ? (
              <UpgradeNowLink />
            ) : (
              <>
                <Link className="button button--primary" to={signUpHref('/recon')}>
                  Sign Up
                </Link>
                <Link className="button" to={loginHref('/recon')}>
                  Log in
                </Link>
              </>
            )}
          </div>
        </div>
        <ul className="feature-list">
          <li>Your client's domain and up to 10 competitors on the same keywords</li>
          <li>Live ranking: this month's positions and the change since last month</li>
          <li>Each keyword's results page and a 12-month position history</li>
          <li>White-labelled reports on the full recon plan</li>
        </ul>
      </section>
    </div>
  );
}

function ReconReportList() {
  const reports = useReconReports();
  const { data: state } = useActiveState();
  return (
    <div className="page recon">
      <header className="recon__head">
        <h1>Recon reports</h1>
        {state?.user.isFullUser ? (
          <div className="actions">
            <Link className="button button--primary" to="/recon/create/seo">
              New SEO report
            </Link>
            <Link className="button" to="/recon/create/ppc">
              New PPC report
            </Link>
          </div>
        ) : (
          // A report's keywords come out of a full plan's tracked-keyword allowance (docs/decisions.md).
          <div className="actions" data-testid="recon-upsell">
            <span className="muted">Recon reports use the tracked keywords of a full plan.</span>
            <UpgradeNowLink />
          </div>
        )}
      </header>
      {reports.isPending ? (
        <p>Loading…</p>
      ) : !reports.data?.length ? (
        <p className="muted">No recon reports yet. Create one to follow a client domain against its competitors.</p>
      ) : (
        <SimpleTable className="recon-table" columns={reportColumns} rows={reports.data} rowKey={(report) => report.id} />
      )}
    </div>
  );
}
