// The react-aria-components parts of the primitives that show before the order book's first
// rows (Tabs, Tooltip). They are a chunk of their own, loaded once the book has drawn
// (aria-loader.ts): until then those primitives render plain markup with the same roles.
import type { ComponentProps, ComponentPropsWithRef } from 'react';
import { Focusable } from 'react-aria-components/Focusable';
import { Tab, TabList, Tabs as AriaTabs } from 'react-aria-components/Tabs';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components/Tooltip';
import { PageLocale } from './page-locale.tsx';
import type { TabStripProps } from './tab-ids.ts';
import { panelId, tabId } from './tab-ids.ts';
import './tooltip.css';

/** Hover this long before a hint shows; keyboard focus shows it at once. */
const HOVER_DELAY_MS = 600;

/**
 * A tab list on react-aria-components (Tabs, TabList, Tab): arrow keys move and select (mirrored
 * right to left, from the page's language), Home/End jump to the ends, one tab stop. Its panel
 * is rendered apart (Tabs.tsx TabPanel), because the page's panels sit elsewhere in the layout
 * than their tab lists; react-aria's own TabPanel has to be a descendant of Tabs, so the two are
 * linked by ids of our own.
 */
export function AriaTabStrip<K extends string>({ items, active, onChange, label, idPrefix, className }: TabStripProps<K>) {
  return (
    <PageLocale>
      <AriaTabs className="tabs-root" selectedKey={active} onSelectionChange={(key) => onChange(String(key) as K)}>
        <TabList aria-label={label} className={className ? `tabs ${className}` : 'tabs'}>
          {items.map((it) => (
            <Tab
              key={it.key}
              id={it.key}
              className="tabs__tab"
              // react-aria's element with ids of ours, so that the panel (rendered apart) is linked to it.
              render={(props, { isSelected }) => (
                <div {...(props as ComponentPropsWithRef<'div'>)} id={tabId(idPrefix, it.key)} aria-controls={isSelected ? panelId(idPrefix, it.key) : undefined} />
              )}
            >
              {it.label}
            </Tab>
          ))}
        </TabList>
      </AriaTabs>
    </PageLocale>
  );
}

export interface HintProps {
  text: string;
  children: ComponentProps<typeof Focusable>['children'];
  placement?: ComponentProps<typeof AriaTooltip>['placement'];
}

/**
 * A hover/focus hint (react-aria-components TooltipTrigger + Tooltip): shows on hover after a
 * short delay and on keyboard focus at once, hides on Escape, blur or pointer leave, and is the
 * trigger's accessible description while it shows.
 */
export function AriaHint({ text, children, placement = 'top' }: HintProps) {
  return (
    <PageLocale>
      <TooltipTrigger delay={HOVER_DELAY_MS}>
        <Focusable>{children}</Focusable>
        <AriaTooltip className="tooltip" placement={placement} offset={6}>
          {text}
        </AriaTooltip>
      </TooltipTrigger>
    </PageLocale>
  );
}
