import { Link } from 'react-router';
import { useActiveState } from '@/features/auth';
import '../marketing.css';
import './custom-gpt-page.css';

const examples = [
  'Which keywords does shopsphere.example buy that its competitors don’t?',
  'What were the three longest-running ads for “trail running shoes” last year?',
  'Find pages on my site that lost page-one rankings since June.',
  'Draft a one-page competitor summary I can send to a client.',
];

const conversation = [
  { from: 'you', text: 'Who are the top organic competitors of shopsphere.example?' },
  {
    from: 'ai',
    text: 'Its closest organic competitors share most of its ranked keywords: wikiverse.example (412 shared), trailhub.example (367) and gearmarket.example (289). trailhub.example gained 58 of those keywords in the last month.',
  },
  { from: 'you', text: 'Which of those keywords is trailhub ranking for that we are not?' },
];

/**
 * /serpwise-custom-gpt (marked new, docs/product/site.md §2) and /spygpt (the AI link of the navigation): ask research questions in plain
 * words and get answers from Serpwise data.
 */
export function CustomGptPage({ variant = 'custom-gpt' }: { variant?: 'custom-gpt' | 'spygpt' }) {
  const { data } = useActiveState();
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
            <Link className="button button--accent button--large" to={isLoggedIn ? '/hq' : '/freeaccount'}>
              {isLoggedIn ? 'Start researching' : 'Try it with a free account'}
            </Link>
          </div>
        </div>
      </section>

      <section className="mk-section gpt__demo">
        <div className="gpt__chat" aria-label="Example conversation">
          {conversation.map((message, index) => (
            <p key={index} className={`gpt__message gpt__message--${message.from}`}>
              {message.text}
            </p>
          ))}
          <p className="gpt__typing" aria-hidden="true">
            <span />
            <span />
            <span />
          </p>
        </div>
        <div>
          <h2>Questions people ask it</h2>
          <ul className="gpt__examples">
            {examples.map((example) => (
              <li key={example}>“{example}”</li>
            ))}
          </ul>
          <p className="gpt__note">Answers use the same data as the research pages and the same limits as your plan. It never invents a number it cannot look up.</p>
        </div>
      </section>
    </div>
  );
}
