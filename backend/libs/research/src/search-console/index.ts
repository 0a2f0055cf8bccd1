export * from './search-console-country.js';
export * from './search-console-site.js';
export * from './search-console-day-rows.js';
export { SearchAnalyticsAnswerError } from './search-analytics-answer.js';
export * from './search-console-days.js';
export * from './search-console-months.js';
