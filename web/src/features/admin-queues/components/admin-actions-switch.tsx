import { useAdminActionsState, useEnableAdminActions } from '../api/admin-queues';
import { timeText } from './console-format';
import { ErrorNotice } from './filter-fields';

/**
 * The admin-actions switch of the console's pages: turns them on for an hour and says until when they are on, as the
 * session holds it (so the state shows after a reload and on every console page, not only where they were turned on).
 */
export function AdminActionsSwitch() {
  const state = useAdminActionsState();
  const enable = useEnableAdminActions();
  const until = state.data?.adminActionsUntil ?? null;
  return (
    <>
      <button type="button" className="button button--small" onClick={() => enable.mutate()} disabled={enable.isPending}>
        Enable admin actions (1 hour)
      </button>
      {until && <span data-testid="admin-actions-until">Admin actions on until {timeText(until)}</span>}
      <ErrorNotice error={enable.error} />
    </>
  );
}
