import { Link } from 'react-router';
import { formatMonth, formatNumber } from '@/lib/format';
import { RequireLogin } from '@/features/auth';
import { useCompetitorProjects } from '../api/recon';

/** /competitor-projects: each of the user's projects with its strongest organic competitors (newest month). */
export function CompetitorProjectsPage() {
  return (
    <RequireLogin>
      <CompetitorProjects />
    </RequireLogin>
  );
}

function CompetitorProjects() {
  const projects = useCompetitorProjects();
  return (
    <div className="page recon">
      <h1>Competitor projects</h1>
      {projects.isPending ? (
        <p>Loading…</p>
      ) : !projects.data?.length ? (
        <p className="muted">
          No projects yet. <Link to="/hq">Create one from My Sites</Link>.
        </p>
      ) : (
        projects.data.map((project) => (
          <section key={project.projectId} className="research-card" aria-label={project.projectName}>
            <header className="research-card__head">
              <h2>
                {project.projectName} <span className="muted">({project.primaryDomainName}, {project.territory})</span>
              </h2>
              <Link className="button button--small" to={`/seo/competitors?query=${encodeURIComponent(project.primaryDomainName)}`}>
                All competitors
              </Link>
            </header>
            {project.competitors.length === 0 ? (
              <p className="muted">No organic competitors found for {project.primaryDomainName} in {project.territory}.</p>
            ) : (
              <table className="recon-table">
                <caption className="visually-hidden">Competitors of {project.primaryDomainName}</caption>
                <thead>
                  <tr>
                    <th>Competitor</th>
                    <th>Common keywords</th>
                    <th>Organic keywords</th>
                    <th>Organic clicks / month</th>
                    <th aria-label="Actions" />
                  </tr>
                </thead>
                <tbody>
                  {project.competitors.map((competitor) => (
                    <tr key={competitor.domain}>
                      <td>{competitor.domain}</td>
                      <td>{formatNumber(competitor.commonKeywords, 0)}</td>
                      <td>{formatNumber(competitor.organicKeywords, 0)}</td>
                      <td>{formatNumber(competitor.organicClicks, 0)}</td>
                      <td>
                        <Link to={`/seo/kombat?query=${encodeURIComponent(project.primaryDomainName)}&competitor=${encodeURIComponent(competitor.domain)}`}>Compare</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {project.month && <p className="muted">Data of {formatMonth(project.month)}.</p>}
          </section>
        ))
      )}
    </div>
  );
}
