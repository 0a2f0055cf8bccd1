import { Icon } from './icons/icon';
import type { IconName } from './icons/icon-shapes';
import { notifications, useNotifications, type Notification, type NotificationStore } from './notifications';

const typeIcons: Record<Notification['type'], IconName> = { info: 'info', success: 'success', warning: 'warning', error: 'error' };

function Toast({ entry, store }: { entry: Notification; store: NotificationStore }) {
  const { id, action, actionText, actionIcon } = entry;
  const label = actionText ?? 'Open';
  return (
    <li
      className={`ui-toast ui-toast--${entry.type}`}
      role={entry.type === 'error' ? 'alert' : 'status'}
      data-paused={entry.paused || undefined}
      onMouseEnter={() => store.pause(id)}
      onMouseLeave={() => store.resume(id)}
      // Keyboard users get the same pause while focus is inside the notice.
      onFocus={() => store.pause(id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(id);
      }}
    >
      <Icon name={typeIcons[entry.type]} size={18} className="ui-toast__icon" />
      <div className="ui-toast__content">{entry.content}</div>
      {typeof action === 'string' ? (
        <a className="ui-toast__action" href={action} target="_blank" rel="noopener noreferrer">
          {actionIcon && <Icon name={actionIcon} />} {label}
        </a>
      ) : action ? (
        <button type="button" className="ui-toast__action" onClick={action}>
          {actionIcon && <Icon name={actionIcon} />} {label}
        </button>
      ) : null}
      <button type="button" className="ui-toast__close" aria-label="Dismiss" onClick={() => store.dismiss(id)}>
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}

/** Where the notices show: a stack in the corner of the page (the foot of the screen on phones). */
export function NotificationStack({ store = notifications }: { store?: NotificationStore }) {
  const entries = useNotifications(store);
  return (
    <section className="ui-toasts" aria-label="Notifications">
      <ul>
        {entries.map((entry) => (
          <Toast key={entry.id} entry={entry} store={store} />
        ))}
      </ul>
    </section>
  );
}
