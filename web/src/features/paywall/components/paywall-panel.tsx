import { Link } from 'react-router';
import '../paywall.css';

/** The paywall panel (docs/product/site.md §2): $39, the annual saving, GET STARTED and VIEW ALL PLANS. */
export function PaywallPanel({ compact = false }: { compact?: boolean }) {
  return (
    <section className={`paywall-panel${compact ? ' paywall-panel--compact' : ''}`} aria-labelledby="paywall-panel-title">
      <h2 id="paywall-panel-title">Get Unlimited Access</h2>
      <p className="paywall-panel__price">
        <span className="paywall-panel__amount">$39</span>
        <span className="paywall-panel__per">/month</span>
      </p>
      <p className="paywall-panel__saving">(Save $72 with annual billing)</p>
      <div className="paywall-panel__buttons">
        <Link className="button button--primary" to="/mainpurchase">
          GET STARTED
        </Link>
        <Link className="button" to="/buy/register">
          VIEW ALL PLANS
        </Link>
      </div>
      <p className="paywall-panel__guarantee">30 day money back guarantee</p>
    </section>
  );
}
