import type { SessionListAnswer } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { listSessions, removeSessions } from '../api/auth-calls';
import { activeStateKey, useActiveState } from '../api/get-active-state';

const sessionsKey = ['account-sessions'] as const;

const describeDevice = (userAgent: string | null) => {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
};

/** Who is logged in where; the page adds the column that logs a session out. */
const sessionColumns: SimpleColumn<SessionListAnswer['sessions'][number]>[] = [
  { header: 'User', cell: (session) => session.email },
  { header: 'Device', cell: (session) => describeDevice(session.userAgent) },
  { header: 'Address', cell: (session) => session.ipAddress ?? '—' },
  { header: 'Last active', cell: (session) => new Date(session.lastSeenAt).toLocaleString() },
];

/**
 * /add-users: where too many active sessions lead (docs/product/site.md §4). It says why, lists the account's sessions so
 * the user can end the ones they no longer use, and offers to add users so colleagues get their own login.
 */
export function AddUsersPage() {
  const queryClient = useQueryClient();
  const { data: state } = useActiveState();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: listSessions });
  const remove = useMutation({
    mutationFn: (ids: string[]) => removeSessions(ids),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      await queryClient.invalidateQueries({ queryKey: activeStateKey });
    },
  });
  const tooMany = state?.user.isTooManyActiveSessions ?? false;
  const others = sessions.data?.sessions.filter((session) => !session.isCurrent) ?? [];

  return (
    <section className="page">
      <h1>Add users</h1>
      {tooMany ? (
        <div role="alert" className="alert alert--warning">
          <p>
            <strong>Your account is logged in on too many devices.</strong> Each Serpwise login can be active on up to {sessions.data?.limit ?? '…'} devices
            at once ({sessions.data?.activeCount ?? '…'} are active now). Log out of the sessions you no longer use, or add users so that each colleague has
            their own login.
          </p>
        </div>
      ) : (
        <p>Give each colleague their own login: they share your projects and plan, and your account stays within its session limit.</p>
      )}
      {!state?.user.isChildAccount && (
        <p>
          <Link className="button button--primary" to="/account/teammanagement">
            Add users to your team
          </Link>
        </p>
      )}
      <h2>Active sessions</h2>
      {sessions.isPending && <p>Loading sessions…</p>}
      {sessions.isError && <p className="alert alert--error">The sessions could not be loaded. Reload the page to try again.</p>}
      {sessions.data && (
        <SimpleTable
          className="table"
          label="Active sessions"
          columns={[
            ...sessionColumns,
            {
              cell: (session) =>
                session.isCurrent ? (
                  <span className="badge">This device</span>
                ) : (
                  <button type="button" className="button button--small" disabled={remove.isPending} onClick={() => remove.mutate([session.id])}>
                    Log out
                  </button>
                ),
            },
          ]}
          rows={sessions.data.sessions}
          rowKey={(session) => session.id}
          rowAttributes={() => ({ 'data-testid': 'session-row' })}
        />
      )}
      {others.length > 1 && (
        <p>
          <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate(others.map((session) => session.id))}>
            Log out all other sessions
          </button>
        </p>
      )}
      {remove.isError && <p className="alert alert--error">The sessions could not be ended. Try again.</p>}
      {!tooMany && state?.user.isLoggedIn && (
        <p>
          <Link to="/">Continue to Serpwise</Link>
        </p>
      )}
    </section>
  );
}
