import { Link } from 'react-router';
import '../paywall.css';

export const panelUpsellBullets = [
  'Save and organize keywords and links',
  'Export custom keyword groups',
  'Track and analyze backlinks',
  'Access backlink contacts',
  'Create unlimited projects',
] as const;

/** The panel upsell for non-full users (docs/product/account-exports-reports.md §2), sending them to the main purchase page. */
export function PanelUpsell() {
  return (
    <section className="panel-upsell" aria-labelledby="panel-upsell-title">
      <h2 id="panel-upsell-title">Unlimited Projects - Unlimited Insight</h2>
      <ul>
        {panelUpsellBullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <p className="panel-upsell__price">Unlimited access only $33 - money back guarantee.</p>
      <Link className="button button--primary" to="/mainpurchase">
        Upgrade Now
      </Link>
    </section>
  );
}
