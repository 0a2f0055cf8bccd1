import { Link, useSearchParams } from 'react-router';
import { RequireLogin } from '@/features/auth';
import { withQuery } from '@/features/search';
import '../marketing.css';

function Offer() {
  const [params] = useSearchParams();
  const domain = params.get('domain')?.trim() ?? '';
  return (
    <div className="mk">
      <section className="mk-hero mk-hero--violet bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge mk-badge--new">Early access</span>
          <h1>{domain ? `Improve ${domain} with the AI Content Assistant` : 'Improve your existing content with AI'}</h1>
          <p>
            The AI Content Assistant compares your pages with the pages that outrank them, spots the topics and questions you don’t cover, and
            drafts the content to fill the gaps. It is in early access for Serpwise members.
          </p>
        </div>
      </section>
      <section className="mk-section">
        <h2>Start with the gaps you can see today</h2>
        <p className="mk-lead">While your early access is prepared, these Serpwise reports show where {domain || 'your site'} is missing out.</p>
        <div className="mk-grid">
          <article className="mk-card">
            <h3>Keywords your rivals rank for</h3>
            <p>Kombat lists the keywords your competitors share and you don’t.</p>
            <p style={{ marginTop: 10 }}>
              <Link to={domain ? withQuery('/seo/kombat/domain', domain) : '/seo/kombat'}>Open Kombat →</Link>
            </p>
          </article>
          <article className="mk-card">
            <h3>Pages that lost ground</h3>
            <p>Ranking history shows which pages dropped off page one, and when.</p>
            <p style={{ marginTop: 10 }}>
              <Link to={domain ? withQuery('/seo/ranking-history/domain', domain) : '/seo/ranking-history'}>Open ranking history →</Link>
            </p>
          </article>
          <article className="mk-card">
            <h3>Your strongest pages</h3>
            <p>Top pages shows what already works, so new content builds on it.</p>
            <p style={{ marginTop: 10 }}>
              <Link to={domain ? withQuery('/seo/top-pages/domain', domain) : '/seo/top-pages'}>Open top pages →</Link>
            </p>
          </article>
        </div>
      </section>
    </div>
  );
}

/** /content-assistant-offer (docs/product/site.md §2 "/{sister-product}-offer"): needs login and returns here after it. */
export function ContentAssistantOfferPage() {
  return (
    <RequireLogin>
      <Offer />
    </RequireLogin>
  );
}
