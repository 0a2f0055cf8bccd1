import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** The panel shown while the tab is active; without it the Tabs' children are shown. */
  content?: ReactNode;
  hidden?: boolean;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** The chosen tab's id (controlled). Without it the tabs keep their own choice, starting at defaultActive. */
  active?: string | null;
  defaultActive?: string | null;
  /** Called when the user chooses a tab, and when the first visible tab is chosen because none was active. */
  onChange?: (id: string) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  children?: ReactNode;
}

export type SlideDirection = 'left' | 'right' | 'none';

const usable = (tab: TabItem) => !tab.hidden && !tab.disabled;

/**
 * Tabs (docs/product/account-exports-reports.md §4): exactly one is active; choosing one makes it active and emits a change; when none is active (or the
 * active one is hidden) the first visible tab is chosen. The new panel slides left when the tab lies to the right of
 * the old one, right when it lies to the left. Arrow keys, Home and End move between tabs.
 */
export function Tabs({ tabs, active, defaultActive = null, onChange, label, children }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState<string | null>(defaultActive);
  const wanted = active !== undefined ? active : own;
  const visible = tabs.filter((tab) => !tab.hidden);
  const current = visible.find((tab) => tab.id === wanted && !tab.disabled) ?? visible.find((tab) => !tab.disabled) ?? null;
  const currentId = current?.id ?? null;

  // The slide follows the order of the tabs; it is worked out when the active tab changes (state adjusted in render).
  const [shown, setShown] = useState(currentId);
  const [direction, setDirection] = useState<SlideDirection>('none');
  if (shown !== currentId) {
    const from = tabs.findIndex((tab) => tab.id === shown);
    const to = tabs.findIndex((tab) => tab.id === currentId);
    setShown(currentId);
    setDirection(from < 0 || to < 0 ? 'none' : to > from ? 'left' : 'right');
  }

  // None was active: the first visible one is chosen, and the owner hears about it once.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (currentId && currentId !== wanted && reported.current !== currentId) {
      reported.current = currentId;
      onChange?.(currentId);
    }
  }, [currentId, wanted, onChange]);

  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function choose(id: string) {
    if (id === currentId) return;
    setOwn(id);
    onChange?.(id);
  }

  function onKeyDown(event: KeyboardEvent) {
    const choices = tabs.filter(usable);
    const at = choices.findIndex((tab) => tab.id === currentId);
    const next =
      event.key === 'ArrowRight' ? choices[(at + 1) % choices.length]
      : event.key === 'ArrowLeft' ? choices[(at - 1 + choices.length) % choices.length]
      : event.key === 'Home' ? choices[0]
      : event.key === 'End' ? choices[choices.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next.id);
    buttons.current.get(next.id)?.focus();
  }

  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={label} className="ui-tabs__list" onKeyDown={onKeyDown}>
        {visible.map((tab) => {
          const selected = tab.id === currentId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className={`ui-tabs__tab${selected ? ' ui-tabs__tab--active' : ''}`}
              onClick={() => choose(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          key={current.id}
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className={`ui-tabs__panel ui-tabs__panel--slide-${direction}`}
          data-slide={direction}
          tabIndex={0}
        >
          {current.content ?? children}
        </div>
      )}
    </div>
  );
}
