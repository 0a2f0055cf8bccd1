import { Link } from 'react-router';

export function HomePage() {
  return (
    <section className="page home">
      <h1>Our marketing revenue engine boosts SEO &amp; PPC profits</h1>
      <p className="lead">Research competitor domains, URLs and keywords for organic and paid search.</p>
      <p>
        <Link className="button button--primary" to="/system-check">
          Run a system check
        </Link>
      </p>
    </section>
  );
}
