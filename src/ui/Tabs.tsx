import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  /** id prefix linking tabs to their panels (aria-controls). */
  idPrefix: string;
  className?: string;
}

/** A WAI-ARIA tab list: arrow keys move between tabs, Home/End jump to the ends. */
export function Tabs<K extends string>({ items, active, onChange, label, idPrefix, className }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((it) => it.key === active);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    let next = -1;
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (i + 1) % items.length;
    else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (i - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs ${className ?? ''}`} onKeyDown={onKey}>
      {items.map((it, i) => (
        <button
          key={it.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${it.key}`}
          aria-selected={it.key === active}
          aria-controls={`${idPrefix}-panel-${it.key}`}
          tabIndex={it.key === active ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(it.key)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

interface TabPanelProps {
  idPrefix: string;
  tabKey: string;
  children: ReactNode;
  className?: string;
}

export function TabPanel({ idPrefix, tabKey, children, className }: TabPanelProps) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${tabKey}`} aria-labelledby={`${idPrefix}-tab-${tabKey}`} className={className}>
      {children}
    </div>
  );
}
