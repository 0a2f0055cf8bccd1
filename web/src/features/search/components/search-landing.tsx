import { useActiveState } from '@/features/auth';
import { SearchBox } from './search-box';
import './search-landing.css';

const starters = [
  { title: 'A competitor’s domain', text: 'See the keywords they rank for, what they pay for in ads, and who they compete with.' },
  { title: 'A page URL', text: 'Find the keywords one page ranks for and the links that point at it.' },
  { title: 'A keyword', text: 'Volume, cost per click, difficulty, the ads that ran on it and who ranks on page one.' },
];

/** /homepage/overview (and /overview without a query): the search landing. */
export function SearchLanding() {
  const { data } = useActiveState();
  return (
    <section className="search-landing">
      <div className="search-landing__hero">
        <h1>Research any domain, URL, or keyword</h1>
        <p>One search shows the organic and paid picture: rankings, ads, competitors and backlinks, month by month.</p>
        <SearchBox size="hero" suggestionType={data?.tracking.homepageSuggestionType ?? 'default'} autoFocus />
      </div>
      <ul className="search-landing__starters">
        {starters.map((starter) => (
          <li key={starter.title}>
            <h2>{starter.title}</h2>
            <p>{starter.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
