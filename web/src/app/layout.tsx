import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  return (
    <div className="app">
      <Header />
      <main className="app__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
