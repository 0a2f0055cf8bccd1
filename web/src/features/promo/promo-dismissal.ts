import { useCallback, useState } from 'react';
import { setUserAttribute, useUserAttribute } from '@/features/account';

/** The stored flag of docs/product/site.md §4: once the promo tooltip is closed it stays closed (except on the home page). */
export const promoDismissFlag = 'DISMISS_RF_PROMO_TOOLTIP';

function readLocalFlag(): boolean {
  try {
    return localStorage.getItem(promoDismissFlag) === 'true';
  } catch {
    return false;
  }
}

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
    try {
      localStorage.setItem(promoDismissFlag, 'true');
    } catch {
      // Private mode: closed for this page view only.
    }
    if (isLoggedIn) void setUserAttribute({ name: promoDismissFlag, value: 'true' }).catch(() => {});
  }, [isLoggedIn]);

  return { dismissed, settled, dismiss };
}
