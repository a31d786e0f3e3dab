import type { CSSProperties, ReactNode } from 'react';
import { useAriaParts } from './aria-loader.ts';
import { panelId, tabId, type TabStripProps } from './tab-ids.ts';
import './tabs.css';

export type { TabItem } from './tab-ids.ts';

/**
 * A tab list: react-aria-components' Tabs (aria-parts.tsx: arrow keys, mirrored right to left,
 * Home/End, one tab stop) once the page has loaded them (aria-loader.ts, after the order book's
 * first rows on the desktop page); before that the same roles, states and ids in plain markup
 * that a click already switches.
 */
export function Tabs<K extends string>(props: TabStripProps<K>) {
  const parts = useAriaParts();
  if (parts) return <parts.AriaTabStrip {...props} />;
  const { items, active, onChange, label, idPrefix, className } = props;
  return (
    <div role="tablist" aria-label={label} className={className ? `tabs ${className}` : 'tabs'}>
      {items.map((it) => (
        <div
          key={it.key}
          role="tab"
          id={tabId(idPrefix, it.key)}
          aria-selected={it.key === active}
          aria-controls={it.key === active ? panelId(idPrefix, it.key) : undefined}
          tabIndex={it.key === active ? 0 : -1}
          className="tabs__tab"
          onClick={() => {
            if (it.key !== active) onChange(it.key);
          }}
        >
          {it.label}
        </div>
      ))}
    </div>
  );
}

interface TabPanelProps {
  idPrefix: string;
  tabKey: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** The selected tab's panel, labelled by its tab. */
export function TabPanel({ idPrefix, tabKey, children, className, style }: TabPanelProps) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, tabKey)} aria-labelledby={tabId(idPrefix, tabKey)} className={className} style={style}>
      {children}
    </div>
  );
}
