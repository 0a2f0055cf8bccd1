import { normaliseWebPath } from '@serpwise/contracts';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { readPromoFlag, usePromoDismissal, writePromoFlag } from './promo-dismissal';
import { PromoTooltip } from './promo-tooltip';

const homePaths = ['/', '/althome'];

/** Set once the promotion has opened by itself on this browser: it never does again (docs/decisions.md, "The promotion"). */
export const promoOpenedFlag = 'RF_PROMO_OPENED_BY_ITSELF';


/**
 * The sister-product cross-promo of the header (docs/product/site.md §2, §4), shown when enableRivalFlowCrossPromo is
 * on: a button and its panel. The panel opens by itself once per visitor (this browser), on whichever page they
 * arrive, unless they closed it before (the DISMISS_RF_PROMO_TOOLTIP flag); the button opens it again on demand. It
 * is a row of the header (its `slot`), never over the page: the page's controls stay uncovered and the landing
 * hero stays centred (issue 24).
 */
export function CrossPromo({ isLoggedIn, userId, onOpen, slot }: {
  isLoggedIn: boolean;
  userId: string | null;
  onOpen?: (url: string) => void;
  /** The header's row for the panel; null until it is mounted; without one (tests), the panel renders in place. */
  slot?: HTMLElement | null;
}) {
  const { pathname } = useLocation();
  const isHome = homePaths.includes(normaliseWebPath(pathname));
  const { dismissed, settled, dismiss } = usePromoDismissal(isLoggedIn);
  /** What the user did on this page (opened or closed it); on another page the rule applies again. */
  const [choice, setChoiceFor] = useState<{ pathname: string; open: boolean } | null>(null);
  const setChoice = useCallback((open: boolean) => setChoiceFor({ pathname, open }), [pathname]);

  const chosen = choice?.pathname === pathname ? choice.open : null;
  const [openedBefore, setOpenedBefore] = useState(() => readPromoFlag(promoOpenedFlag));
  if (settled && !dismissed && !openedBefore) {
    // Opens by itself here (as if chosen on this page), and never by itself again.
    setOpenedBefore(true);
    setChoice(true);
  }
  useEffect(() => {
    if (openedBefore) writePromoFlag(promoOpenedFlag);
  }, [openedBefore]);
  const shown = chosen ?? false;
  const close = useCallback(() => {
    setChoice(false);
    dismiss();
  }, [dismiss, setChoice]);

  const panel = <PromoTooltip isHome={isHome} userId={userId} onClose={close} onOpen={onOpen} />;
  return (
    <div className="cross-promo">
      <button type="button" className="cross-promo__button" data-promo-toggle aria-expanded={shown} onClick={() => (shown ? close() : setChoice(true))}>
        <span className="cross-promo__spark" aria-hidden="true">✦</span> AI Content Assistant <span className="cross-promo__new">New</span>
      </button>
      {shown && (slot === undefined ? panel : slot && createPortal(panel, slot))}
    </div>
  );
}
