// The recon feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { CampaignDashboard } from './components/campaign-dashboard';
export { reconRoutes } from './routes';
