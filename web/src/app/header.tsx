import { Link, NavLink } from 'react-router';

/** Site header: logo and primary navigation (the full header with account menu arrives with accounts). */
export function Header() {
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo" aria-label="Serpwise home">
        <img src="/favicon.svg" alt="" width={28} height={28} /> Serpwise
      </Link>
      <nav aria-label="Primary" className="site-header__nav">
        <NavLink to="/system-check">System check</NavLink>
      </nav>
    </header>
  );
}
