import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UserState } from '@serpwise/contracts';
import { useDismiss } from '@/components/ui/use-dismiss';
import { LogOutForm } from '@/features/auth';
import { logEvent } from '@/lib/analytics';

/** The header's account dropdown (docs/product/site.md §2): the user's e-mail, or the child user's for a child account. */
export function AccountMenu({ user }: { user: UserState }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const shownEmail = user.isChildAccount ? user.childUserEmail : user.email;

  useDismiss(open, menu, () => setOpen(false));

  const entries: { label: string; to: string }[] = [
    { label: 'Add Users', to: '/add-users' },
    { label: 'Account Settings', to: '/account/settings' },
    { label: 'Request Keywords', to: '/account/requestkeywords' },
    ...(user.isChildAccount ? [] : [{ label: 'Subscription', to: '/account/subscription' }]),
    // Admins reach the queue console from here (issue 23).
    ...(user.isAdmin ? [{ label: 'Queue console', to: '/admin/queues' }, { label: 'Analytics', to: '/admin/analytics' }] : []),
    { label: 'Help', to: '/company?section=contactUs' },
  ];

  return (
    <div className="account-menu" ref={menu}>
      <button type="button" className="account-menu__toggle" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {shownEmail}
      </button>
      {open && (
        <ul role="menu" className="account-menu__list">
          {entries.map((entry) => (
            <li key={entry.to} role="none">
              <Link
                role="menuitem"
                to={entry.to}
                onClick={() => {
                  setOpen(false);
                  if (entry.label === 'Help') void logEvent('Help_Opened', 'account-menu');
                }}
              >
                {entry.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <LogOutForm role="menuitem" className="account-menu__item">
              Log Out
            </LogOutForm>
          </li>
        </ul>
      )}
    </div>
  );
}
