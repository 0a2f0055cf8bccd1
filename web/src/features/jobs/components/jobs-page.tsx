import '../jobs.css';
import { GoogleAuthorisationPanel } from '@/features/exports';
import { useLiveJobs } from '../use-live-jobs';
import { JobEntry } from './job-entry';

/**
 * /exports, "Your jobs" (issue 21): every export, PDF report, import, project import and import deletion of the
 * user, newest first, live (the socket changes each row in place; no Refresh). Older jobs load a page at a time.
 */
export function JobsPage() {
  const { jobs, isPending, error, hasOlder, loadOlder, loadingOlder } = useLiveJobs();
  return (
    <section className="page jobs-page">
      <h1>Your jobs</h1>
      <p className="lead">Exports, PDF reports and imports run in the background and change here as they go; finished files are kept for a limited time.</p>
      <GoogleAuthorisationPanel />
      {isPending && <p>Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {!isPending && !error && jobs.length === 0 && <p>You have no jobs yet. Export a research table, ask for a PDF report or import a file, and it shows here.</p>}
      {jobs.length > 0 && (
        <ul className="job-list" aria-label="Your jobs">
          {jobs.map((job) => (
            <JobEntry key={job.id} job={job} />
          ))}
        </ul>
      )}
      {hasOlder && (
        <button type="button" className="button button--ghost" disabled={loadingOlder} onClick={loadOlder}>
          Show older jobs
        </button>
      )}
    </section>
  );
}
