import type { AuthAnswer } from '@serpwise/contracts';
import { Tabs } from '@/components/ui/tabs';
import { LoginPanel } from './login-panel';
import { SignUpPanel } from './sign-up-panel';

/** The combined panel with tabs 'Sign Up' and 'Log In'; Log In is selected by default (docs/product/site.md §2). */
export function AuthTabsPanel({ returnUrl, onAuthenticated }: { returnUrl?: string; onAuthenticated?: (answer: AuthAnswer) => boolean | void }) {
  return (
    <div className="auth-tabs">
      <Tabs
        label="Sign up or log in"
        defaultActive="login"
        tabs={[
          { id: 'signup', label: 'Sign Up', content: <SignUpPanel returnUrl={returnUrl} onAuthenticated={onAuthenticated} /> },
          { id: 'login', label: 'Log In', content: <LoginPanel embedded returnUrl={returnUrl} onAuthenticated={onAuthenticated} /> },
        ]}
      />
    </div>
  );
}
