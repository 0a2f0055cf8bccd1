// The marketing feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { ApiNavigation } from './api-docs/api-navigation';
export { useFootprint } from './api/get-footprint';
export { productUpdates } from './content/updates';
export { ctaOf, inWords, marketingTexts } from './marketing-texts';
export { marketingRoutes } from './routes';
