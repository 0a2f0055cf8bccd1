// The job center's public face (issue 21): the /exports list of every job and the header's jobs button with its tray.
export { JobsButton } from './components/jobs-button';
export { jobsRoutes } from './routes';
