import { Link } from 'react-router';
import { useActiveState } from '@/features/auth';
import { PanelUpsell, PaywallPanel, shouldShowPaywall, viewerOf } from '@/features/paywall';

export interface QuickLink {
  label: string;
  to: string;
  text: string;
}

/**
 * The side column of the overviews: where to research next, and the paywall panel for visitors (when the paywall
 * shows) or the panel upsell for logged-in free users.
 */
export function ResearchAside({ links }: { links: QuickLink[] }) {
  const { data } = useActiveState();
  const viewer = viewerOf(data?.user);
  return (
    <>
      <section className="research-card quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title" className="quick-links__title">
          Research further
        </h2>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
              <small>{link.text}</small>
            </li>
          ))}
        </ul>
      </section>
      {data && shouldShowPaywall(data.user, data.tracking) && <PaywallPanel compact />}
      {data && viewer === 'free' && <PanelUpsell />}
    </>
  );
}
