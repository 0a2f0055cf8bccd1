// The search feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { jsonSearch } from './api/json-search';
export { DomainAsKeywordMessage } from './components/domain-as-keyword-message';
export { SearchBox } from './components/search-box';
export { searchRoutes } from './routes';
export { competitorsLoginRedirect, readLastSearches, rememberSearch, sectionHref, withQuery } from './search-paths';
