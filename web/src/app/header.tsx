import { Link, NavLink } from 'react-router';
import { useActiveState } from '../features/auth/api/get-active-state';
import { AccountMenu } from './account-menu';

/** Site header: logo, navigation, and the account dropdown or the guest Log in / Sign up pair (01-product.md §2). */
export function Header() {
  const { data } = useActiveState();
  const user = data?.user;
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo" aria-label="Serpwise home">
        <img src="/favicon.svg" alt="" width={28} height={28} /> Serpwise
      </Link>
      <nav aria-label="Primary" className="site-header__nav">
        {user?.isLoggedIn && <NavLink to="/hq">My Sites</NavLink>}
        <NavLink to="/api">API</NavLink>
        {!user?.isFullUser && <NavLink to="/buy/register">Pricing</NavLink>}
      </nav>
      <div className="site-header__account">
        {user?.isLoggedIn ? (
          <AccountMenu user={user} />
        ) : user ? (
          <>
            <Link to="/auth/login" className="button button--ghost">
              Log in
            </Link>
            <Link to="/freeaccount" className="button button--primary">
              Sign up
            </Link>
          </>
        ) : null}
      </div>
    </header>
  );
}
