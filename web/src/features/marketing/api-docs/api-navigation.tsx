import { apiV1Pages } from '@serpwise/contracts';
import { NavLink } from 'react-router';
import { apiPageTitles } from './api-pages';

/** The API documentation navigation, shown in the header on routes flagged showApiNavigation (docs/product/site.md §2). */
export function ApiNavigation() {
  return (
    <nav className="api-nav" aria-label="API documentation">
      <span className="api-nav__title">API docs</span>
      <NavLink to="/api" end>
        Keyword API
      </NavLink>
      <NavLink to="/api/v2">v2</NavLink>
      {apiV1Pages.map((page) => (
        <NavLink key={page} to={`/api/v1/${page}`}>
          {apiPageTitles[page]}
        </NavLink>
      ))}
    </nav>
  );
}
