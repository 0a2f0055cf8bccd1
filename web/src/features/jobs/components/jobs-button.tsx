import '../jobs.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useLiveJobs } from '../use-live-jobs';
import { JobEntry } from './job-entry';

/** How many of the newest jobs the tray shows. */
export const trayJobCount = 5;

/**
 * The header's jobs button (issue 21): how many jobs are waiting or running (all of them, as the server counts
 * them, not only the newest page's), and a small tray of the latest ones
 * (like a browser's downloads) with a link to the whole list. Live like the list: the same query and socket events.
 */
export function JobsButton() {
  const { jobs, unfinished: running } = useLiveJobs();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useDismiss(open, root, () => setOpen(false));
  return (
    <div className="jobs-button" ref={root}>
      <button
        type="button"
        className={`jobs-button__toggle${running ? ' jobs-button__toggle--busy' : ''}`}
        aria-expanded={open}
        aria-controls="jobs-tray"
        aria-label={running ? `Jobs: ${running} running` : 'Jobs'}
        data-testid="jobs-button"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⇩</span> Jobs
        {running > 0 && (
          <span className="jobs-button__count" data-testid="jobs-running">
            {running}
          </span>
        )}
      </button>
      {open && (
        <div className="jobs-tray" id="jobs-tray" role="dialog" aria-label="Latest jobs" data-testid="jobs-tray">
          {jobs.length === 0 ? (
            <p className="jobs-tray__empty">No jobs yet.</p>
          ) : (
            <ul className="job-list job-list--compact">
              {jobs.slice(0, trayJobCount).map((job) => (
                <JobEntry key={job.id} job={job} compact />
              ))}
            </ul>
          )}
          <Link to="/exports" className="jobs-tray__all" onClick={() => setOpen(false)}>
            All your jobs
          </Link>
        </div>
      )}
    </div>
  );
}
