import { Link, useParams } from 'react-router';
import { NotFoundPage } from '@/features/error-pages';
import { blogPosts } from '../content/blog-posts';
import { productUpdates } from '../content/updates';
import '../marketing.css';
import './updates-pages.css';

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** /whats-new: the product updates (the header's What's New link). */
export function WhatsNewPage() {
  return (
    <div className="mk">
      <section className="mk-hero mk-hero--light bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">What&apos;s New</span>
          <h1>Product updates</h1>
          <p>New tools, better data and fixes, newest first.</p>
        </div>
      </section>
      <ol className="updates">
        {productUpdates.map((update) => (
          <li key={update.title} className="updates__item">
            <time dateTime={update.date}>{longDate(update.date)}</time>
            <div>
              <span className={`updates__tag updates__tag--${update.tag.toLowerCase()}`}>{update.tag}</span>
              <h2>{update.title}</h2>
              <p>{update.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** /blog: the articles. */
export function BlogPage() {
  return (
    <div className="mk">
      <section className="mk-hero mk-hero--light bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">Blog</span>
          <h1>Notes on search marketing</h1>
          <p>Practical research techniques from the Serpwise team.</p>
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-grid">
          {blogPosts.map((post) => (
            <article key={post.slug} className="mk-card blog-card">
              <p className="mk-card__meta">
                {longDate(post.date)} · {post.author}
              </p>
              <h3>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
              </h3>
              <p>{post.summary}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

/** /blog/:slug: one article. */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = blogPosts.find((candidate) => candidate.slug === slug?.toLowerCase());
  if (!post) return <NotFoundPage />;
  return (
    <article className="prose blog-post">
      <p className="prose__updated">
        <Link to="/blog">Blog</Link> · {longDate(post.date)} · {post.author}
      </p>
      <h1>{post.title}</h1>
      {post.body.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <p>
        <Link className="button button--primary" to="/homepage/overview">
          Try it on your own competitors
        </Link>
      </p>
    </article>
  );
}
