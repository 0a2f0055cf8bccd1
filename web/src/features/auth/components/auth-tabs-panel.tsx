import { useState } from 'react';
import type { AuthAnswer } from '@serpwise/contracts';
import { LoginPanel } from './login-panel';
import { SignUpPanel } from './sign-up-panel';

type Tab = 'signup' | 'login';

/** The combined panel with tabs 'Sign Up' and 'Log In'; Log In is selected by default (01-product.md §2). */
export function AuthTabsPanel({ returnUrl, onAuthenticated }: { returnUrl?: string; onAuthenticated?: (answer: AuthAnswer) => boolean | void }) {
  const [tab, setTab] = useState<Tab>('login');
  return (
    <div className="auth-tabs">
      <div role="tablist" className="tabs">
        {(
          [
            ['signup', 'Sign Up'],
            ['login', 'Log In'],
          ] as const
        ).map(([id, label]) => (
          <button key={id} role="tab" type="button" aria-selected={tab === id} className={`tabs__tab${tab === id ? ' tabs__tab--active' : ''}`} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'login' ? <LoginPanel embedded returnUrl={returnUrl} onAuthenticated={onAuthenticated} /> : <SignUpPanel returnUrl={returnUrl} onAuthenticated={onAuthenticated} />}
      </div>
    </div>
  );
}
