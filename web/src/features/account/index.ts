// The account feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { useUserAttribute } from './api/get-user-attribute';
export { setUserAttribute } from './api/set-user-attribute';
export { accountRoutes } from './routes';
