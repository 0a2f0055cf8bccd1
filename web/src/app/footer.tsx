import { normaliseWebPath } from '@serpwise/contracts';
import { Link, useLocation } from 'react-router';
import { useActiveState } from '@/features/auth';
import { ctaOf, inWords, marketingTexts, productUpdates, useFootprint } from '@/features/marketing';
import { isMarketingPath } from '@/features/onboarding';
import './footer.css';

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/** The link sections of docs/product/site.md §2 "Footer": resource, about, useful, compare, links. */
export const footerSections: { id: string; title: string; links: FooterLink[] }[] = [
  {
    id: 'resource',
    title: 'Resources',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: "What's New", to: '/whats-new' },
      { label: 'Keyword Research API', to: '/api' },
      { label: 'API v1 reference', to: '/api/v1/overview' },
      { label: 'Help & Contact', to: '/company?section=contactUs' },
    ],
  },
  {
    id: 'about',
    title: 'About',
    links: [
      { label: 'Company', to: '/company' },
      { label: 'Jobs', to: '/jobs' },
      { label: 'Affiliates', to: '/affiliates' },
      { label: 'Contact Us', to: '/company?section=contactUs' },
    ],
  },
  {
    id: 'useful',
    title: 'Useful',
    links: [
      { label: 'Plans & Pricing', to: '/buy/register' },
      { label: 'Free Account', to: '/freeaccount' },
      { label: 'Member Perks', to: '/memberperks' },
      { label: 'Serpwise Custom GPT', to: '/serpwise-custom-gpt' },
    ],
  },
  {
    id: 'compare',
    title: 'Compare',
    links: [
      { label: 'Semrush Alternative', to: '/semrush-alternative' },
      { label: 'Ahrefs Alternative', to: '/ahrefs-alternative' },
      { label: 'Moz Alternative', to: '/moz-alternative' },
      { label: 'Similarweb Alternative', to: '/similarweb-alternative' },
    ],
  },
  {
    id: 'links',
    title: 'Tools',
    links: [
      { label: 'SEO Research', to: '/seo/overview' },
      { label: 'PPC Research', to: '/ppc/overview' },
      { label: 'Keyword Research', to: '/keyword/overview' },
      { label: 'Rank Tracking', to: '/rank-tracking' },
      { label: 'Custom Reports', to: '/custom-reports' },
    ],
  },
];

/** Three social links (docs/product/site.md §2). */
export const socialLinks = [
  { label: 'Serpwise on X', to: 'https://x.com/serpwise', icon: 'x' },
  { label: 'Serpwise on LinkedIn', to: 'https://www.linkedin.com/company/serpwise', icon: 'in' },
  { label: 'Serpwise on YouTube', to: 'https://www.youtube.com/@serpwise', icon: 'yt' },
] as const;

export const legalLinks = [
  { label: 'Terms & Conditions', to: '/termsconditions' },
  { label: 'Privacy Policy', to: '/privacypolicy' },
  { label: 'Vulnerability Disclosure Policy', to: '/vulnerability-disclosure-policy' },
] as const;

/** docs/product/site.md §9: first year in business. */
const firstYear = 2006;

function SocialIcon({ icon }: { icon: string }) {
  const paths: Record<string, string> = {
    x: 'M4 4h4.6l4.1 5.6L17.4 4H20l-6.1 7.1L20.5 20h-4.6l-4.4-6-5.1 6H3.8l6.5-7.6z',
    in: 'M5 9h3v10H5zM6.5 4.5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.4c.4-.8 1.5-1.6 3.1-1.6 3.2 0 3.8 2 3.8 4.7V19h-3v-4.9c0-1.2 0-2.6-1.6-2.6s-1.9 1.3-1.9 2.5v5h-3z',
    yt: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  };
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
      <path d={paths[icon]} fill="currentColor" />
    </svg>
  );
}

/** "October 2026" from the warehouse's newest month ('2026-10-01'). */
function monthName(isoDate: string | null | undefined): string | null {
  if (!isoDate) return null;
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const homePaths = ['/', '/althome', '/land/arc1-d', '/althome-d'];
/** Marketing pages of ours that the spec does not list (updates, blog, the AI chat page, the API docs). */
const siteOnlyMarketingPaths = /^\/(whats-new|blog(\/.*)?|spygpt|api(\/.*)?)$/;

/** The call to action: an in-app link, or a plain link when footerCtaLink points elsewhere. */
function CtaLink({ cta, className }: { cta: { text: string; link: string }; className: string }) {
  return /^https?:\/\//.test(cta.link) ? (
    <a className={className} href={cta.link}>
      {cta.text}
    </a>
  ) : (
    <Link className={className} to={cta.link}>
      {cta.text}
    </Link>
  );
}

/**
 * docs/product/site.md §2: the offer block shows only to logged-out visitors on pages that are not marketing pages, the home page or a
 * login page (a research page, say).
 */
export function showsOfferBlock(pathname: string, isLoggedIn: boolean): boolean {
  if (isLoggedIn) return false;
  const path = normaliseWebPath(pathname);
  return !homePaths.includes(path) && !isMarketingPath(pathname) && !siteOnlyMarketingPaths.test(path);
}

/**
 * Site footer (docs/product/site.md §2): the offer block for visitors on tool pages; the live-data line, the monthly roll-up
 * date and the index size; the resource, about, useful, compare, update, links, social and business sections; the
 * tracking pixel (logged-in users, production only); the legal links and the copyright line.
 */
export function Footer() {
  const { data } = useActiveState();
  const { data: footprint } = useFootprint();
  const { pathname } = useLocation();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const cta = ctaOf(data?.tracking);
  const rolledUp = monthName(footprint?.latestMonth);
  const realCounts = footprint && !footprint.isDemoData && footprint.totalResults > 0;
  const results = realCounts ? inWords(footprint.totalResults) : marketingTexts.indexedResults;
  const domains = realCounts ? inWords(footprint.totalDomains) : marketingTexts.indexedDomains;

  return (
    <footer className="site-footer">
      {data && showsOfferBlock(pathname, isLoggedIn) && (
        <section className="footer-offer" aria-label="Offer">
          <div>
            <h2>Get every keyword, every ad and every ranking. {marketingTexts.unlimitedUpsell}.</h2>
            <p>
              {marketingTexts.unlimitedEverything}. {marketingTexts.moneyBack}. {marketingTexts.noContracts}.
            </p>
          </div>
          <CtaLink cta={cta} className="footer-offer__cta" />
        </section>
      )}
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            <img src="/favicon.svg" alt="" width={26} height={26} /> Serpwise
          </Link>
          <p className="site-footer__live">
            <span className="site-footer__pulse" aria-hidden="true" /> {marketingTexts.liveData}
          </p>
          {rolledUp && <p className="site-footer__meta">Monthly data rolled up for {rolledUp}</p>}
          <p className="site-footer__meta">
            Indexing over {results} results across {domains} domains.
          </p>
          {!data?.user.isFullUser && <CtaLink cta={cta} className="site-footer__cta" />}
        </div>
        <div className="site-footer__sections">
          {footerSections.map((section) => (
            <nav key={section.id} className={`footer-section footer-section--${section.id}`} aria-label={section.title}>
              <h2>{section.title}</h2>
              <ul>
                {section.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section className="footer-section footer-section--update" aria-label="Updates">
            <h2>Updates</h2>
            <ul>
              {productUpdates.slice(0, 2).map((update) => (
                <li key={update.title}>
                  <Link to="/whats-new">{update.title}</Link>
                  <small>{new Date(`${update.date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}</small>
                </li>
              ))}
              <li>
                <Link to="/whats-new">All updates →</Link>
              </li>
            </ul>
          </section>
          <section className="footer-section footer-section--business" aria-label="Business">
            <h2>For agencies</h2>
            <p>White-label reports, team seats and scheduled PDFs for every client.</p>
            <Link to="/company?section=contactUs">Talk to our team →</Link>
          </section>
          <section className="footer-section footer-section--social" aria-label="Social">
            <h2>Follow us</h2>
            <ul className="footer-social">
              {socialLinks.map((link) => (
                <li key={link.icon}>
                  <a href={link.to} aria-label={link.label} rel="noopener" target="_blank">
                    <SocialIcon icon={link.icon} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <div className="site-footer__legal">
        <nav aria-label="Legal">
          {legalLinks.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
        <p>
          © {firstYear}–{new Date().getFullYear()} Serpwise. All rights reserved.
        </p>
      </div>
      {isLoggedIn && import.meta.env?.PROD === true && (
        // docs/product/site.md §2 pixel section: a first-party page-view pixel for logged-in users in production.
        <img className="site-footer__pixel" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width={1} height={1} data-pixel="page-view" />
      )}
    </footer>
  );
}
