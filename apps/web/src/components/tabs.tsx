import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: ReactNode; icon?: ReactNode };

/**
 * A row of tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them, only the
 * selected one is in the Tab order. The content below is the caller's.
 */
export function Tabs<K extends string>({
  items,
  selected,
  onSelect,
  label,
  testIdPrefix = 'tab',
}: {
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  testIdPrefix?: string;
}) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const target = items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.key);
    refs.current.get(target.key)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {items.map((item) => {
        const active = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${baseId}-${item.key}`}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'tabs__tab is-active' : 'tabs__tab'}
            onClick={() => onSelect(item.key)}
            data-testid={`${testIdPrefix}-${item.key}`}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
