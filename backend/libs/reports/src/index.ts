export * from './format.js';
export * from './designs.js';
export * from './report-request.js';
export * from './report-data.js';
export * from './render-report.js';
export * from './logo.js';
export { niceTicks } from './pdf/charts.js';
