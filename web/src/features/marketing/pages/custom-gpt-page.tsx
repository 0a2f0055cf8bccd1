import { Link } from 'react-router';
import { AssistantChat } from '@/features/assistant';
import { useActiveState } from '@/features/auth';
import { signUpHref, useHere } from '@/lib/return-url';
import '../marketing.css';
import './custom-gpt-page.css';

const examples = [
  'How is example.com doing in organic search?',
  'Who are the closest organic competitors of example.com?',
  'Which keywords bring example.com the most clicks?',
  'How many backlinks does example.com have, and how many were lost?',
  'What is the search volume of “running shoes”, and which keywords are related?',
];

const lookUps = [
  'A domain’s overview: organic keywords, clicks, position, traffic value, paid keywords and PPC budget, month by month',
  'A domain’s top organic keywords and its closest competitors',
  'A domain’s backlinks: live, lost and the newest',
  'A keyword’s volume, CPC, difficulty, top results and advertisers, and its related keywords',
];

/**
 * /serpwise-custom-gpt (marked new, docs/product/site.md §2) and /spygpt (the AI link of the navigation): ask research
 * questions in plain words and get answers from Serpwise data (docs/product/site.md §2).
 */
export function CustomGptPage({ variant = 'custom-gpt' }: { variant?: 'custom-gpt' | 'spygpt' }) {
  const { data } = useActiveState();
  const here = useHere();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const heading = variant === 'spygpt' ? 'SpyGPT: chat with your competitors’ search data' : 'Serpwise Custom GPT';
  return (
    <div className="mk gpt">
      <section className="mk-hero mk-hero--violet bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge mk-badge--new">New</span>
          <h1>{heading}</h1>
          <p>
            Ask questions about any domain or keyword in plain words. The assistant looks up Serpwise rankings, ads and backlinks and answers with
            the numbers — and the links to check them.
          </p>
          <div className="mk-hero__actions">
            {isLoggedIn ? (
              <a className="button button--accent button--large" href="#ask">
                Ask a question
              </a>
            ) : (
              <Link className="button button--accent button--large" to={signUpHref(here)}>
                Try it with a free account
              </Link>
            )}
          </div>
        </div>
      </section>

      <section className="mk-section gpt__demo" id="ask">
        <AssistantChat examples={examples} />
        <div>
          <h2>What it looks up</h2>
          <ul className="gpt__examples">
            {lookUps.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="gpt__note">Answers use the same data as the research pages and the same limits as your plan. It never invents a number it cannot look up.</p>
        </div>
      </section>
    </div>
  );
}
