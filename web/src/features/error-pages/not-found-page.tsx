import { Link } from 'react-router';
import { SearchBox } from '@/features/search';
import './error-pages.css';
import { Icon } from '@/components/ui/icons/icon';

export const notFoundTexts = {
  heading: 'Error 404',
  body: 'Sorry, partner. The page you requested is not in our database. You may have followed a bad external link, or mis-typed a URL.',
} as const;

/** docs/product/site.md §8: the 404 page, worded as documented. */
export function NotFoundPage() {
  return (
    <section className="page error-page">
      <p className="error-page__code error-page__code--icon" aria-hidden="true">
        <Icon name="search" size={48} />
      </p>
      <h1>{notFoundTexts.heading}</h1>
      <p className="error-page__text">{notFoundTexts.body}</p>
      <div className="error-page__search">
        <SearchBox size="compact" />
      </div>
      <p className="error-page__links">
        <Link to="/">Home</Link> · <Link to="/overview">Search</Link> · <Link to="/company?section=contactUs">Contact us</Link>
      </p>
    </section>
  );
}
