import { Link } from 'react-router';
import { marketingTexts } from '../marketing-texts';
import '../marketing.css';

export type PartnerOfferId = 'mobilemonkey' | 'clickcease' | 'capital-one-spring';

interface PartnerOffer {
  partner: string;
  headline: string;
  text: string;
  coupon: string;
  discount: string;
  points: string[];
}

/** The partner offers of docs/product/site.md §2; the Capital One spring offer's coupon code is 'spring'. */
export const partnerOffers: Record<PartnerOfferId, PartnerOffer> = {
  'capital-one-spring': {
    partner: 'Capital One Business',
    headline: 'A spring offer for Capital One business cardholders',
    text: 'Plan your spring campaigns with your competitors’ best keywords and ads. Capital One business cardholders get 20% off their first Serpwise payment.',
    coupon: 'spring',
    discount: '20% off your first payment',
    points: ['Unlimited searches and exports', 'Competitor PPC and SEO keywords', 'Rank tracking and white-label reports'],
  },
  clickcease: {
    partner: 'ClickCease',
    headline: 'Stop paying for bad clicks — and find the good ones',
    text: 'ClickCease keeps bots and click fraud away from your ads. Serpwise shows you which keywords your competitors profit from. ClickCease customers get 10% off their first Serpwise payment.',
    coupon: 'welcome10',
    discount: '10% off your first payment',
    points: ['Ad history for any keyword', 'The AdWords Advisor: keywords to buy and to exclude', 'PPC Kombat against three competitors'],
  },
  mobilemonkey: {
    partner: 'MobileMonkey',
    headline: 'Bring more visitors to every chat you automate',
    text: 'MobileMonkey turns visitors into conversations; Serpwise shows where those visitors search. MobileMonkey customers get 10% off their first Serpwise payment.',
    coupon: 'welcome10',
    discount: '10% off your first payment',
    points: ['The keywords that bring your competitors traffic', 'Top pages of any site', 'Keyword research in 30 territories'],
  },
};

/** /mobilemonkey-offer, /clickcease-offer, /capital-one-spring-member-offer: the offer goes to the pricing page with its coupon. */
export function PartnerOfferPage({ offer: id }: { offer: PartnerOfferId }) {
  const offer = partnerOffers[id];
  const purchase = `/buy/register?couponcode=${encodeURIComponent(offer.coupon)}`;
  return (
    <div className="mk">
      <section className="mk-hero bleed">
        <div className="mk-hero__inner">
          <span className="mk-badge">Serpwise × {offer.partner}</span>
          <h1>{offer.headline}</h1>
          <p>{offer.text}</p>
          <div className="mk-hero__actions">
            <Link className="button button--accent button--large" to={purchase}>
              Claim {offer.discount}
            </Link>
          </div>
          <p className="mk-hero__fine">
            {marketingTexts.moneyBack} · {marketingTexts.noContracts}
          </p>
        </div>
      </section>
      <section className="mk-section" style={{ textAlign: 'center' }}>
        <p className="mk-coupon">
          Your coupon code: <code>{offer.coupon}</code>
        </p>
        <p className="mk-footnote">The code is filled in for you on the pricing page.</p>
      </section>
      <section className="mk-section">
        <h2>What you get</h2>
        <div className="mk-grid">
          {offer.points.map((point) => (
            <article key={point} className="mk-card">
              <h3>{point}</h3>
              <p>{marketingTexts.unlimitedEverything}.</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
