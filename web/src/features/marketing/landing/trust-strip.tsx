import { marketingTexts } from '../marketing-texts';

/** Wordmarks of (fictional) customers: drawn as text so no third-party logo is shipped. */
const brands = [
  { name: 'Northwind', style: 'serif' },
  { name: 'bluepeak', style: 'round' },
  { name: 'LUMENLY', style: 'wide' },
  { name: 'Castor & Pine', style: 'serif-italic' },
  { name: 'hexa labs', style: 'mono' },
  { name: 'Verdant', style: 'heavy' },
] as const;

/** The trust-logos strip below the landing search (docs/product/site.md §2). */
export function TrustStrip() {
  return (
    <section className="trust-strip" aria-label={marketingTexts.trustHeading}>
      <h2 className="trust-strip__heading">{marketingTexts.trustHeading}</h2>
      <ul className="trust-strip__logos">
        {brands.map((brand) => (
          <li key={brand.name} className={`trust-strip__logo trust-strip__logo--${brand.style}`}>
            {brand.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
