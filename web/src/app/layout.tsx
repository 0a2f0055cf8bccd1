import { Outlet } from 'react-router';
import { NotificationStack } from '../components/ui/notification-stack';
import { useSessionWatch } from '../features/auth/hooks/use-session-watch';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  useSessionWatch();
  return (
    <div className="app">
      <Header />
      <main className="app__main">
        <Outlet />
      </main>
      <Footer />
      <NotificationStack />
    </div>
  );
}
