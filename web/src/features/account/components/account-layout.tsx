import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useSearchParams } from 'react-router';
import { useActiveState } from '@/features/auth';
import { accountNavigation } from '../account-navigation';

/** The stored login-modal timestamp that /account?nec-login=clear removes (docs/product/site.md §2). */
export const loginModalTimestampKey = 'serpwise:login-modal-at';

/** The account area: its navigation beside the current page. Subscription is hidden for child accounts. */
export function AccountLayout() {
  const { data } = useActiveState();
  const [params] = useSearchParams();
  const isChild = data?.user.isChildAccount ?? false;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On a phone the navigation is one line that scrolls sideways: the current page's link is brought into it.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('a.active');
    if (active && typeof active.scrollIntoView === 'function') active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  useEffect(() => {
    if (params.get('nec-login') === 'clear') window.localStorage.removeItem(loginModalTimestampKey);
  }, [params]);

  return (
    <div className="account">
      <nav className="account__nav" aria-label="Account" ref={nav}>
        <h2>Account</h2>
        <ul>
          {accountNavigation
            .filter((entry) => !(entry.hiddenForChild && isChild))
            .map((entry) => (
              <li key={entry.path}>
                <NavLink to={`/account/${entry.path}`}>{entry.label}</NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="account__page">
        <Outlet />
      </div>
    </div>
  );
}
