import { normaliseWebPath } from '@serpwise/contracts';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { usePromoDismissal } from './promo-dismissal';
import { PromoTooltip } from './promo-tooltip';

const homePaths = ['/', '/althome'];

/**
 * The sister-product cross-promo of the header (docs/product/site.md §2, §4), shown when enableRivalFlowCrossPromo is on: a button and
 * its tooltip. On the home page the tooltip opens on every visit; elsewhere it opens until it has been closed once
 * (the DISMISS_RF_PROMO_TOOLTIP flag). The button opens it again on demand.
 */
export function CrossPromo({ isLoggedIn, userId, onOpen }: { isLoggedIn: boolean; userId: string | null; onOpen?: (url: string) => void }) {
  const { pathname } = useLocation();
  const isHome = homePaths.includes(normaliseWebPath(pathname));
  const { dismissed, settled, dismiss } = usePromoDismissal(isLoggedIn);
  /** What the user did on this page (opened or closed it); on another page the rule applies again. */
  const [choice, setChoiceFor] = useState<{ pathname: string; open: boolean } | null>(null);
  const setChoice = useCallback((open: boolean) => setChoiceFor({ pathname, open }), [pathname]);

  const chosen = choice?.pathname === pathname ? choice.open : null;
  const shown = chosen ?? (settled && (isHome || !dismissed));
  const close = useCallback(() => {
    setChoice(false);
    dismiss();
  }, [dismiss, setChoice]);

  return (
    <div className="cross-promo">
      <button type="button" className="cross-promo__button" data-promo-toggle aria-expanded={shown} onClick={() => (shown ? close() : setChoice(true))}>
        <span className="cross-promo__spark" aria-hidden="true">✦</span> AI Content Assistant <span className="cross-promo__new">New</span>
      </button>
      {shown && <PromoTooltip isHome={isHome} userId={userId} onClose={close} onOpen={onOpen} />}
    </div>
  );
}
