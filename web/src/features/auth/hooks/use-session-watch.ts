import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { sessionPingMs } from '@serpwise/contracts';
import { pollSession } from '../api/auth-calls';
import { activeStateKey, useActiveState } from '../api/get-active-state';
import { onboardingRedirect } from '@/features/onboarding';

export const addUsersPath = '/add-users';

/**
 * While logged in: the session poll every 60 s doubles as the activity ping (docs/product/site.md §4, §7). A killed session
 * reloads the active state; too many active sessions sends the user to /add-users.
 */
export function useSessionWatch() {
  const { data } = useActiveState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const tooMany = data?.user.isTooManyActiveSessions ?? false;

  const user = data?.user;
  useEffect(() => {
    if (tooMany && pathname.toLowerCase() !== addUsersPath) {
      void navigate(addUsersPath);
      return;
    }
    // A user flagged for onboarding is kept there from any non-marketing page (docs/product/site.md §4).
    const onboarding = user ? onboardingRedirect(pathname, user) : null;
    if (onboarding) void navigate(onboarding, { replace: true });
  }, [tooMany, pathname, navigate, user]);

  useEffect(() => {
    if (!isLoggedIn) return;
    let stopped = false;
    const poll = async () => {
      try {
        const answer = await pollSession();
        if (stopped) return;
        if (answer.isSessionKilled) await queryClient.invalidateQueries({ queryKey: activeStateKey });
        else if (answer.hasTooManyLogins !== tooMany) await queryClient.invalidateQueries({ queryKey: activeStateKey });
      } catch {
        // A failed poll clears the too-many-sessions flag (docs/product/site.md §7).
        queryClient.setQueryData(activeStateKey, (state: typeof data) => (state ? { ...state, user: { ...state.user, isTooManyActiveSessions: false } } : state));
      }
    };
    const timer = window.setInterval(() => void poll(), sessionPingMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [isLoggedIn, tooMany, queryClient]);
}
