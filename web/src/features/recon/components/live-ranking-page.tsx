import type { ReconPosition, ReconSerpResult } from '@serpwise/contracts';
import { Link, useParams } from 'react-router';
import { LineChart } from '@/components/ui/charts/line-chart';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { errorsOf } from '@/lib/api-client';
import { formatMonth, formatNumber } from '@/lib/format';
import { RequireLogin } from '@/features/auth';
import { useLiveRanking, useRankingDetails } from '../api/recon';

/** The keyword's results page, the report's own domain and its competitors named. */
const serpColumns: SimpleColumn<ReconSerpResult>[] = [
  { header: 'Position', cell: (result) => result.position },
  { header: 'Domain', cell: (result) => `${result.domain}${result.role === 'primary' ? ' (you)' : result.role === 'competitor' ? ' (competitor)' : ''}` },
  { header: 'URL', cell: (result) => result.url, className: 'recon-url' },
];

/** A position and its move since last month: ▲ up (better), ▼ down; '–' when not in the top 20. */
function PositionCell({ position }: { position: ReconPosition }) {
  if (position.position === null) return <td className="recon-pos recon-pos--none">–</td>;
  const change = position.change;
  return (
    <td className="recon-pos">
      {position.position}
      {change !== null && change !== 0 && (
        <span className={`recon-change recon-change--${change > 0 ? 'up' : 'down'}`} title="Change since last month">
          {change > 0 ? `▲${change}` : `▼${-change}`}
        </span>
      )}
      {change === null && position.previousPosition === null && <span className="recon-change recon-change--new">new</span>}
    </td>
  );
}

function Failure({ error }: { error: unknown }) {
  return (
    <div className="page recon">
      <div className="alert alert--error" role="alert">
        {errorsOf(error).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <Link to="/recon">Back to your reports</Link>
    </div>
  );
}

/** /recon/live-ranking/{id}: each keyword's positions of the primary domain and every competitor. */
export function LiveRankingPage() {
  return (
    <RequireLogin>
      <LiveRanking />
    </RequireLogin>
  );
}

function LiveRanking() {
  const { id = '' } = useParams();
  const ranking = useLiveRanking(id);
  if (ranking.isPending) return <p className="page">Loading…</p>;
  if (ranking.isError) return <Failure error={ranking.error} />;
  const { report, rows, month, whiteLabel } = ranking.data;
  return (
    <div className={`page recon${whiteLabel ? ' recon--white-label' : ''}`}>
      <header className="recon__head">
        <div>
          <h1>Live ranking: {report.name}</h1>
          <p className="muted">
            {report.primaryDomain} in {report.territory} · {report.type.toUpperCase()} · {month ? formatMonth(month) : 'no ranking data yet'}, change since the month before
          </p>
        </div>
        <div className="actions">
          <Link className="button" to={`/recon/edit?id=${report.id}`}>
            Edit
          </Link>
          <Link className="button" to="/recon">
            All reports
          </Link>
        </div>
      </header>
      <div className="recon-table__scroll">
        <table className="recon-table" aria-label="Live ranking">
          <thead>
            <tr>
              <th>Keyword</th>
              <th>Volume</th>
              <th>{report.primaryDomain}</th>
              {report.competitors.map((domain) => (
                <th key={domain}>{domain}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.keyword}>
                <td>{row.termId ? <Link to={`/recon/live-ranking-details/${report.id}/${row.termId}`}>{row.keyword}</Link> : row.keyword}</td>
                <td>{formatNumber(row.volume, 0)}</td>
                <PositionCell position={row.primary} />
                {row.competitors.map((position) => (
                  <PositionCell key={position.domain} position={position} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** /recon/live-ranking-details/{reportId}/{termId}: the keyword's results page and the primary domain's year. */
export function LiveRankingDetailsPage() {
  return (
    <RequireLogin>
      <LiveRankingDetails />
    </RequireLogin>
  );
}

function LiveRankingDetails() {
  const { reportId = '', termId = '' } = useParams();
  const details = useRankingDetails(reportId, termId);
  if (details.isPending) return <p className="page">Loading…</p>;
  if (details.isError) return <Failure error={details.error} />;
  const data = details.data;
  return (
    <div className="page recon">
      <header className="recon__head">
        <div>
          <h1>{data.keyword}</h1>
          <p className="muted">
            {formatNumber(data.volume, 0)} searches a month in {data.territory} · {data.month ? formatMonth(data.month) : ''}
          </p>
        </div>
        <Link className="button" to={`/recon/live-ranking/${reportId}`}>
          Back to the live ranking
        </Link>
      </header>
      <section className="research-card">
        <h2>{data.primaryDomain} over 12 months</h2>
        {data.history.some((point) => point.position !== null) ? (
          <LineChart
            title={`Positions of ${data.primaryDomain} for ${data.keyword}`}
            labels={data.history.map((point) => formatMonth(point.month, { short: true }))}
            series={[{ id: data.primaryDomain, name: data.primaryDomain, values: data.history.map((point) => point.position) }]}
            formatValue={(value) => formatNumber(value, 0)}
            invert
          />
        ) : (
          <p className="muted">{data.primaryDomain} has not ranked in the top 20 for this keyword in the last 12 months.</p>
        )}
      </section>
      <section className="research-card">
        <h2>Results page</h2>
        <SimpleTable
          className="recon-table"
          label="Results page"
          columns={serpColumns}
          rows={data.serp}
          rowKey={(result) => result.position}
          rowAttributes={(result) => ({ className: result.role ? `recon-serp--${result.role}` : undefined })}
        />
      </section>
    </div>
  );
}
