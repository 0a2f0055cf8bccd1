import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import './promo-tooltip.css';

export const promoTexts = {
  homeHeading: 'Check out the new AI Content Assistant',
  heading: 'Improve Existing Content with AI',
  body: 'The AI Content Assistant spots the gaps in your existing SEO content and generates the content to fill them.',
  field: 'Enter your website',
  button: 'Scan with AI',
} as const;

/** The sister-product redirect the promo opens (docs/product/site.md §2): the domain, page=sfpromo and sfu (the user id, or 'free'). */
export function promoRedirectUrl(domain: string, userId: string | null): string {
  const params = new URLSearchParams({ domain: domain.trim(), page: 'sfpromo', sfu: userId ?? 'free' });
  return `/sendUserToRivalFlow?${params.toString()}`;
}

interface PromoTooltipProps {
  isHome: boolean;
  userId: string | null;
  onClose: () => void;
  /** Opens the redirect (a new tab); tests replace it. */
  onOpen?: (url: string) => void;
}

/** The sister-product promo tooltip (docs/product/site.md §2, §4): closes on an outside click, on Escape or with its close button. */
export function PromoTooltip({ isHome, userId, onClose, onOpen }: PromoTooltipProps) {
  const [domain, setDomain] = useState('');
  const card = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Element | null;
      // The header's promo button toggles the tooltip itself.
      if (card.current?.contains(target) || target?.closest?.('[data-promo-toggle]')) return;
      onClose();
    };
    // On the click, not the press: closing removes the panel's row from the header and moves the page up, and a
    // press that moved a button away from under the pointer would never become the click the user meant (Search).
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onPointer);
    };
  }, [onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter submits; no other validation (docs/product/site.md §2).
    (onOpen ?? ((url: string) => window.open(url, '_blank', 'noopener')))(promoRedirectUrl(domain, userId));
    onClose();
  };

  return (
    <div className={`promo-tooltip${isHome ? ' promo-tooltip--home' : ''}`} ref={card} role="dialog" aria-labelledby={headingId}>
      <button type="button" className="promo-tooltip__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <p className="promo-tooltip__badge">New · AI Content Assistant</p>
      <h2 id={headingId} className="promo-tooltip__heading">
        {isHome ? promoTexts.homeHeading : promoTexts.heading}
      </h2>
      <p className="promo-tooltip__body">{promoTexts.body}</p>
      <form className="promo-tooltip__form" onSubmit={submit}>
        <input
          type="text"
          className="promo-tooltip__input"
          aria-label={promoTexts.field}
          placeholder={promoTexts.field}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
        />
        <button type="submit" className="promo-tooltip__submit">
          {promoTexts.button}
        </button>
      </form>
    </div>
  );
}
