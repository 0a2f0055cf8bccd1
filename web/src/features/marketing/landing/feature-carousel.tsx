import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Link } from 'react-router';
import './feature-carousel.css';

/** docs/product/site.md §9: a horizontal swipe of 20 px or more moves one slide. */
export const swipeThresholdPx = 20;

export interface CarouselSection {
  id: string;
  label: string;
  title: string;
  text: string;
  features: { label: string; to: string }[];
  /** Bars of the small illustration (0–100). */
  bars: number[];
}

/** The five sections of the landing carousel (docs/product/site.md §1 feature areas, docs/product/site.md §9 "carousel has 5 sections"). */
export const carouselSections: CarouselSection[] = [
  {
    id: 'seo',
    label: 'SEO',
    title: 'Rank where your competitors already win',
    text: 'See every keyword a competitor ranks for, the pages that earn their clicks and the links behind them, then track your own climb week by week.',
    features: [
      { label: 'Competitor analysis', to: '/seo/competitors' },
      { label: 'Backlinks builder', to: '/backlinks/backlinks-outreach' },
      { label: 'Keyword research', to: '/keyword/overview' },
      { label: 'Rank tracking', to: '/rank-tracking' },
      { label: 'SERP analysis', to: '/keyword/serp-analysis' },
      { label: 'Compare domains', to: '/seo/kombat' },
    ],
    bars: [34, 42, 39, 51, 58, 63, 72, 80],
  },
  {
    id: 'ppc',
    label: 'PPC',
    title: 'Buy the clicks that already convert',
    text: 'Every keyword a rival buys and every ad they ran, month after month. Keep what they kept, skip what they dropped.',
    features: [
      { label: 'Ads advisor', to: '/ppc/adwords-advisor' },
      { label: 'Ad history', to: '/ppc/ad-history' },
      { label: 'Compare domains', to: '/ppc/kombat' },
      { label: 'Ads templates', to: '/ppc/adwords-templates' },
      { label: 'Competitor analysis', to: '/ppc/competitors' },
    ],
    bars: [60, 55, 62, 48, 70, 66, 74, 69],
  },
  {
    id: 'intel',
    label: 'Competitive Intel',
    title: 'Know your market before you enter it',
    text: 'Traffic and budget estimates for any site, the strategies of the top players, and the newcomers gaining ground — with 14 years of history.',
    features: [
      { label: 'Traffic analysis', to: '/overview' },
      { label: 'Compare domains', to: '/seo/kombat' },
      { label: 'Top SEO & PPC strategies', to: '/outreach/domain-top-lists' },
      { label: 'New market players', to: '/outreach/keyword-top-lists' },
      { label: '14 years of history', to: '/seo/ranking-history' },
    ],
    bars: [20, 28, 37, 41, 52, 49, 61, 77],
  },
  {
    id: 'projects',
    label: 'Projects',
    title: 'Keep every client’s research in one place',
    text: 'Unlimited projects with keyword groups, labels, outreach lists and alerts that tell you when something moves.',
    features: [
      { label: 'Unlimited projects', to: '/hq' },
      { label: 'Keyword grouping', to: '/hq' },
      { label: 'Backlinks outreach', to: '/backlinks/backlinks-outreach' },
      { label: 'Alerts', to: '/account/scheduled-pdf-reports' },
    ],
    bars: [45, 47, 52, 50, 57, 61, 60, 66],
  },
  {
    id: 'reports',
    label: 'Reports',
    title: 'Reports your clients actually read',
    text: 'SEO and PPC reports in your colours and with your logo, sent as PDFs on the schedule you choose.',
    features: [
      { label: 'SEO and PPC reports', to: '/custom-reports' },
      { label: 'White label', to: '/account/reportdesign' },
      { label: 'Scheduled reports', to: '/account/scheduled-pdf-reports' },
    ],
    bars: [30, 36, 44, 40, 48, 56, 64, 71],
  },
];

/**
 * The tabbed feature carousel of the landing (docs/product/site.md §2, §4): selecting a section makes exactly that one active; on touch
 * screens a horizontal swipe of 20 px or more moves one slide.
 */
export function FeatureCarousel({ sections = carouselSections }: { sections?: CarouselSection[] }) {
  const [active, setActive] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => setActive(Math.max(0, Math.min(sections.length - 1, index)));

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    const from = start.current;
    start.current = null;
    if (!touch || !from) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (Math.abs(dx) < swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
    select(active + (dx < 0 ? 1 : -1));
  };

  const onTabKey = (event: KeyboardEvent) => {
    const next = event.key === 'ArrowRight' ? active + 1 : event.key === 'ArrowLeft' ? active - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const index = (next + sections.length) % sections.length;
    setActive(index);
    tabs.current[index]?.focus();
  };

  return (
    <div className="carousel">
      <div className="carousel__tabs" role="tablist" aria-label="Features" onKeyDown={onTabKey}>
        {sections.map((section, index) => (
          <button
            key={section.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`carousel-tab-${section.id}`}
            aria-controls={`carousel-panel-${section.id}`}
            aria-selected={index === active}
            tabIndex={index === active ? 0 : -1}
            className={`carousel__tab ${index === active ? 'carousel__tab--active' : ''}`}
            onClick={() => select(index)}
          >
            {section.label}
          </button>
        ))}
      </div>
      <div className="carousel__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-testid="carousel-viewport">
        <div className="carousel__track" style={{ transform: `translateX(-${active * 100}%)` }}>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={`carousel-panel-${section.id}`}
              role="tabpanel"
              aria-labelledby={`carousel-tab-${section.id}`}
              aria-hidden={index !== active}
              inert={index !== active}
              className={`carousel__slide ${index === active ? 'carousel__slide--active' : ''}`}
            >
              <div className="carousel__copy">
                <h3>{section.title}</h3>
                <p>{section.text}</p>
                <ul className="carousel__features">
                  {section.features.map((feature) => (
                    <li key={feature.label}>
                      <Link to={feature.to}>{feature.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="carousel__art" aria-hidden="true">
                <div className="carousel__art-head">
                  <span />
                  <span />
                  <span />
                </div>
                <div className="carousel__bars">
                  {section.bars.map((height, bar) => (
                    <span key={bar} style={{ height: `${height}%` }} />
                  ))}
                </div>
                <div className="carousel__rows">
                  <span />
                  <span />
                  <span />
                </div>
              </div>
            </section>
          ))}
        </div>
      </div>
      <div className="carousel__dots" aria-hidden="true">
        {sections.map((section, index) => (
          <span key={section.id} className={index === active ? 'carousel__dot carousel__dot--active' : 'carousel__dot'} />
        ))}
      </div>
    </div>
  );
}
