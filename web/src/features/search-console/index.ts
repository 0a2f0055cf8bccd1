// The Search Console feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { searchConsoleAccountRoutes } from './routes';
