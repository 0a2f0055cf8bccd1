import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chooseHomeVariant, homeVariants, homeVariantStorageKey, withVariant, type HomeVariant } from './home-variants';

function remembered(): string | null {
  try {
    return localStorage.getItem(homeVariantStorageKey);
  } catch {
    return null;
  }
}

/** The home variant of this visitor: chosen, remembered, and written back into the address as ?alt= (docs/product/site.md §2). */
export function useHomeVariant(): HomeVariant {
  const location = useLocation();
  const navigate = useNavigate();
  const choice = useMemo(() => chooseHomeVariant(location.search, remembered()), [location.search]);

  useEffect(() => {
    try {
      localStorage.setItem(homeVariantStorageKey, String(choice.id));
    } catch {
      // Private mode: the address still carries it.
    }
    if (choice.writeBack) void navigate({ pathname: location.pathname, search: withVariant(location.search, choice.id), hash: location.hash }, { replace: true, state: location.state });
  }, [choice, location.pathname, location.search, location.hash, location.state, navigate]);

  return homeVariants[choice.id];
}
