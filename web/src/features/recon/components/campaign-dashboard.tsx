import { Link } from 'react-router';
import { formatDate, formatNumber } from '@/lib/format';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { useHqDashboard } from '../api/recon';

type Dashboard = NonNullable<ReturnType<typeof useHqDashboard>['data']>;

const projectColumns: SimpleColumn<Dashboard['projects'][number]>[] = [
  { header: 'Project', cell: (project) => project.projectName },
  { header: 'Domain', cell: (project) => project.primaryDomainName },
  { header: 'Keywords', cell: (project) => formatNumber(project.keywordCount, 0) },
  { header: 'Groups', cell: (project) => formatNumber(project.groupCount, 0) },
  { header: 'Links', cell: (project) => formatNumber(project.linkCount, 0) },
];

const reportColumns: SimpleColumn<Dashboard['reconReports'][number]>[] = [
  { header: 'Report', cell: (report) => <Link to={`/recon/live-ranking/${report.id}`}>{report.name}</Link> },
  { header: 'Type', cell: (report) => report.type.toUpperCase() },
  { header: 'Domain', cell: (report) => report.primaryDomain },
  { header: 'Keywords', cell: (report) => formatNumber(report.keywordCount, 0) },
  { header: 'Competitors', cell: (report) => report.competitorCount },
];

/** /hq's campaign dashboard: the billing cycle, tracked keywords against the allowance, projects and recon reports. */
export function CampaignDashboard() {
  const dashboard = useHqDashboard();
  if (dashboard.isPending) return <p>Loading your campaigns…</p>;
  if (dashboard.isError) return null;
  const { billing, keywords, projects, reconReports } = dashboard.data;
  const usedShare = keywords.totalCount ? Math.min(100, (keywords.usedCount / keywords.totalCount) * 100) : 0;
  return (
    <div className="hq-campaigns">
      <section className="research-card hq-billing" aria-label="Billing cycle">
        <h2>Billing cycle</h2>
        {billing ? (
          <>
            <p>
              <strong>{billing.daysLeft}</strong> {billing.daysLeft === 1 ? 'day' : 'days'} left in this {billing.billing === 'annual' ? 'annual' : 'monthly'} period
            </p>
            <p className="muted">
              {formatDate(billing.periodStart)} – {formatDate(billing.periodEnd)} · {billing.plan} plan ({billing.status})
            </p>
            <div className="progress" role="progressbar" aria-label="Billing period elapsed" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(((billing.daysInPeriod - billing.daysLeft) / billing.daysInPeriod) * 100)}>
              <span style={{ width: `${Math.min(100, ((billing.daysInPeriod - billing.daysLeft) / billing.daysInPeriod) * 100)}%` }} />
            </div>
          </>
        ) : (
          <p className="muted">
            No subscription. <Link to="/mainpurchase">See the plans</Link>
          </p>
        )}
      </section>
      <section className="research-card" aria-label="Tracked keywords">
        <h2>Tracked keywords</h2>
        <p>
          <strong>{formatNumber(keywords.usedCount, 0)}</strong> of {formatNumber(keywords.totalCount, 0)} used
        </p>
        <div className="progress" role="progressbar" aria-label="Keyword allowance used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(usedShare)}>
          <span style={{ width: `${usedShare}%` }} />
        </div>
        <p className="muted">
          {/* Keyword counts, not how many projects: "Projects 0" beside a list of projects read as a wrong count. */}
          In projects {formatNumber(keywords.mySerpwiseCount, 0)} · in recon reports {formatNumber(keywords.keywordRankingReportCount, 0)} · in weekly tracking{' '}
          {formatNumber(keywords.weeklyTrackingCount, 0)}
        </p>
      </section>
      <section className="research-card hq-wide" aria-label="Projects">
        <header className="research-card__head">
          <h2>Projects</h2>
          <span className="actions">
            <Link to="/hq?msf=create-project">New project</Link>
            <Link to="/competitor-projects">Competitors</Link>
          </span>
        </header>
        {projects.length === 0 ? (
          <p className="muted">No projects yet.</p>
        ) : (
          <SimpleTable className="recon-table" columns={projectColumns} rows={projects} rowKey={(project) => project.id} />
        )}
      </section>
      <section className="research-card hq-wide" aria-label="Recon reports">
        <header className="research-card__head">
          <h2>Recon reports</h2>
          <Link to="/recon/create/seo">New report</Link>
        </header>
        {reconReports.length === 0 ? (
          <p className="muted">No recon reports yet.</p>
        ) : (
          <SimpleTable className="recon-table" columns={reportColumns} rows={reconReports} rowKey={(report) => report.id} />
        )}
      </section>
    </div>
  );
}
