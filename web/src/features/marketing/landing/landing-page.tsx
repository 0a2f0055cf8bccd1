import { useSyncExternalStore } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useActiveState } from '@/features/auth';
import { SearchBox } from '@/features/search';
import { ctaOf, marketingTexts } from '../marketing-texts';
import { FeatureCarousel } from './feature-carousel';
import type { HomeVariant } from './home-variants';
import { TrustStrip } from './trust-strip';
import { useHomeVariant } from './use-home-variant';
import './landing.css';
import { Icon } from '@/components/ui/icons/icon';
import type { IconName } from '@/components/ui/icons/icon-shapes';

const noSubscription = () => () => {};

/** Below-the-fold content renders only in the browser, never while prerendering (docs/product/site.md §4): false on a server render. */
function useMounted() {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const insideCards: { title: string; text: string; icon: IconName }[] = [
  { title: 'Domain overview', text: 'Organic and paid clicks, keyword counts and budget for any site, with monthly history.', icon: 'chart' },
  { title: 'Keyword universe', text: 'Volume, cost per click, difficulty and the related terms people actually search.', icon: 'search' },
  { title: 'Kombat', text: 'Put up to three competitors side by side and see the keywords you are missing.', icon: 'columns' },
  { title: 'Ad history', text: 'Every ad a domain ran on every keyword, and how long they kept paying for it.', icon: 'calendar' },
  { title: 'Backlink outreach', text: 'Find who links to your rivals, collect contacts and track every conversation.', icon: 'link' },
  { title: 'White-label reports', text: 'Branded SEO and PPC PDFs, scheduled to land in your clients’ inboxes.', icon: 'file' },
];

function WhatsInside() {
  return (
    <section className="landing-section inside" aria-labelledby="inside-heading">
      <h2 id="inside-heading" className="landing-section__heading">
        {marketingTexts.insideHeading}
      </h2>
      <p className="landing-section__lead">The research tools agencies and in-house teams use to plan, pitch and prove their search work.</p>
      <div className="inside__cards">
        {insideCards.map((card) => (
          <article key={card.title} className="inside__card">
            <span className="inside__icon" aria-hidden="true">
              <Icon name={card.icon} size={22} />
            </span>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </article>
        ))}
      </div>
      <figure className="testimonial">
        <blockquote>
          “We used to spend a week building a competitor audit for a pitch. Now it takes an afternoon, and the client sees exactly which keywords
          their rivals are paying for. We’ve won four accounts this year on that slide alone.”
        </blockquote>
        <figcaption>
          <span className="testimonial__avatar" aria-hidden="true">
            MR
          </span>
          <span>
            <strong>Maya Reyes</strong>
            <br />
            Head of Search, Castor &amp; Pine Digital
          </span>
        </figcaption>
      </figure>
    </section>
  );
}

function PricingBand() {
  const { data } = useActiveState();
  const cta = ctaOf(data?.tracking);
  return (
    <section className="landing-section pricing-band" aria-labelledby="pricing-heading">
      <div>
        <h2 id="pricing-heading">{marketingTexts.membershipFrom}</h2>
        <ul className="pricing-band__points">
          <li>{marketingTexts.unlimitedEverything}</li>
          <li>{marketingTexts.moneyBack}</li>
          <li>{marketingTexts.noContracts}</li>
        </ul>
      </div>
      <div className="pricing-band__actions">
        {/^https?:\/\//.test(cta.link) ? (
          <a className="button button--accent button--large" href={cta.link}>
            {cta.text}
          </a>
        ) : (
          <Link className="button button--accent button--large" to={cta.link}>
            {cta.text}
          </Link>
        )}
        <Link to="/freeaccount" className="pricing-band__free">
          or start with a free account
        </Link>
      </div>
    </section>
  );
}

function CarouselSection() {
  return (
    <section className="landing-section" aria-labelledby="features-heading">
      <h2 id="features-heading" className="landing-section__heading">
        One search. Every angle of your competition.
      </h2>
      <FeatureCarousel />
    </section>
  );
}

const sectionOrder: Record<HomeVariant['leadWith'], ('carousel' | 'inside' | 'pricing')[]> = {
  carousel: ['carousel', 'inside', 'pricing'],
  inside: ['inside', 'carousel', 'pricing'],
  pricing: ['pricing', 'carousel', 'inside'],
};

/** The landing page body of a variant (shared by / and its variants). */
export function LandingContent({ variant }: { variant: HomeVariant }) {
  const { data } = useActiveState();
  const mounted = useMounted();
  const belowTheFold = mounted && !data?.tracking.isPrerendering;
  const parts = { carousel: <CarouselSection key="carousel" />, inside: <WhatsInside key="inside" />, pricing: <PricingBand key="pricing" /> };
  return (
    <div className={`landing landing--${variant.theme}`} data-variant={variant.id}>
      <section className="landing-hero bleed">
        <div className="landing-hero__inner">
          <p className="landing-hero__eyebrow">SEO &amp; PPC competitor research</p>
          <h1 className="landing-hero__headline">{marketingTexts.landingHeadline}</h1>
          <p className="landing-hero__sub">{variant.subheadline}</p>
          <SearchBox size="hero" suggestionType={data?.tracking.homepageSuggestionType ?? 'default'} />
          <p className="landing-hero__note">
            {marketingTexts.unlimitedEverything} · {marketingTexts.moneyBack}
          </p>
        </div>
      </section>
      <TrustStrip />
      {belowTheFold && sectionOrder[variant.leadWith].map((part) => parts[part])}
    </div>
  );
}

/** The query a logged-in user's home keeps on its way to /hq (the projects panel's msf, say), less the home variant. */
function withoutHomeVariant(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('alt');
  const kept = params.toString();
  return kept ? `?${kept}` : '';
}

/**
 * / and /althome: the home page with its variants (?alt=1…10, remembered and written back into the address). A
 * logged-in user's home is /hq instead, unless onboarding still holds them (the home page is a marketing page).
 */
export function LandingPage() {
  const { data } = useActiveState();
  const variant = useHomeVariant();
  const { search } = useLocation();
  const user = data?.user;
  if (user?.isLoggedIn && !user.shouldShowOnboarding) return <Navigate to={{ pathname: '/hq', search: withoutHomeVariant(search) }} replace />;
  return <LandingContent variant={variant} />;
}
