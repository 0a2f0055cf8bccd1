import { Link } from 'react-router';
import { useActiveState } from '@/features/auth';
import { SearchBox } from '@/features/search';
import { ctaOf, marketingTexts } from '../marketing-texts';
import { FeatureCarousel } from './feature-carousel';
import { TrustStrip } from './trust-strip';
import './alt-landing.css';

const steps = [
  { title: 'Search a competitor', text: 'Type their domain. We show their organic and paid keywords, budget and top pages.' },
  { title: 'Find the gaps', text: 'Kombat lines you up against up to three rivals and lists the keywords you are missing.' },
  { title: 'Act and report', text: 'Save keywords to a project, track their ranks weekly, and send clients a branded PDF.' },
];

const stats = [
  { value: '14 years', label: 'of search history' },
  { value: '30', label: 'search territories' },
  { value: 'Unlimited', label: 'searches and exports' },
];

/** /land/arc1-d (alias /althome-d): the alternative landing, a split hero with a product preview (docs/product/site.md §2). */
export function AltLandingPage() {
  const { data } = useActiveState();
  const cta = ctaOf(data?.tracking);
  return (
    <div className="alt-landing">
      <section className="alt-hero bleed">
        <div className="alt-hero__inner">
          <div className="alt-hero__copy">
            <h1>{marketingTexts.landingHeadline}</h1>
            <p>Download your competitors’ most profitable keywords and ads for paid and organic search. {marketingTexts.membershipFrom}.</p>
            <SearchBox size="hero" suggestionType={data?.tracking.homepageSuggestionType ?? 'default'} />
            <div className="alt-hero__actions">
              <Link className="button button--accent button--large" to={cta.link}>
                {cta.text}
              </Link>
              <span>{marketingTexts.moneyBack}</span>
            </div>
          </div>
          <div className="alt-hero__preview" aria-hidden="true">
            <div className="preview-card">
              <p className="preview-card__title">shopsphere.example · Overview</p>
              <div className="preview-card__kpis">
                <span>
                  <b>48.2k</b> organic clicks / mo
                </span>
                <span>
                  <b>$12.9k</b> ad budget / mo
                </span>
              </div>
              <div className="preview-card__chart">
                {[30, 38, 35, 47, 52, 58, 55, 66, 71, 78, 74, 86].map((height, index) => (
                  <span key={index} style={{ height: `${height}%` }} />
                ))}
              </div>
              <ul className="preview-card__rows">
                <li>
                  <span>running shoes sale</span>
                  <b>#2</b>
                </li>
                <li>
                  <span>trail shoes women</span>
                  <b>#4</b>
                </li>
                <li>
                  <span>best walking shoes</span>
                  <b>#7</b>
                </li>
              </ul>
            </div>
          </div>
        </div>
      </section>
      <TrustStrip />
      <section className="alt-steps" aria-label="How it works">
        {steps.map((step, index) => (
          <article key={step.title}>
            <span className="alt-steps__number">{index + 1}</span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </article>
        ))}
      </section>
      <section className="alt-stats" aria-label="Serpwise in numbers">
        {stats.map((stat) => (
          <p key={stat.label}>
            <b>{stat.value}</b> {stat.label}
          </p>
        ))}
      </section>
      <section className="landing-section">
        <FeatureCarousel />
      </section>
    </div>
  );
}
