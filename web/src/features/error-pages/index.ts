// The error pages' public face (404, typo, server error): the router shows them, and features show the 404 for an unknown slug.
export { RouteErrorPage, ServerErrorContent, ServerErrorPage, TypoPage } from './error-pages';
export { NotFoundPage } from './not-found-page';
export { errorPageRoutes } from './routes';
