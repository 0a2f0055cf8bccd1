import { useCallback, useState } from 'react';
import { setUserAttribute, useUserAttribute } from '@/lib/user-attributes';

/** The stored flag of docs/product/site.md §4: once the promo panel is closed it does not open by itself again. */
export const promoDismissFlag = 'DISMISS_RF_PROMO_TOOLTIP';

/** A flag of this browser (localStorage); false where storage is off. */
export function readPromoFlag(name: string): boolean {
  try {
    return localStorage.getItem(name) === 'true';
  } catch {
    return false;
  }
}

export function writePromoFlag(name: string): void {
  try {
    localStorage.setItem(name, 'true');
  } catch {
    // Private mode: for this page view only.
  }
}

const readLocalFlag = () => readPromoFlag(promoDismissFlag);

/**
 * Whether the promo was dismissed: on this browser (localStorage), or, for a logged-in user, on the account (the user
 * attribute of the same name, so closing it once counts on every device).
 */
export function usePromoDismissal(isLoggedIn: boolean) {
  const [local, setLocal] = useState(readLocalFlag);
  const attribute = useUserAttribute(promoDismissFlag, isLoggedIn && !local);
  const dismissed = local || attribute.data?.value === 'true';
  const settled = local || !isLoggedIn || !attribute.isPending;

  const dismiss = useCallback(() => {
    setLocal(true);
    writePromoFlag(promoDismissFlag);
    if (isLoggedIn) void setUserAttribute({ name: promoDismissFlag, value: 'true' }).catch(() => {});
  }, [isLoggedIn]);

  return { dismissed, settled, dismiss };
}
