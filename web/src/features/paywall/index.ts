// The paywall feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { LoggedOutCsvModal } from './components/logged-out-csv-modal';
export { loggedOutExportText } from './export-promise';
export { PanelUpsell } from './components/panel-upsell';
export { PaywallPanel } from './components/paywall-panel';
export { PaywallTeaser } from './components/paywall-teaser';
export { shouldShowPaywall, showsTeaser, teaserVariant, viewerOf } from './paywall-rules';
export { paywallRoutes } from './routes';
export { slowScrapingTarget } from './slow-scraping';
export { useScraperPaywall } from './use-scraper-paywall';
export { useSlowScrapingRedirect } from './use-slow-scraping-redirect';
export { useViewerLock } from './use-viewer-lock';
