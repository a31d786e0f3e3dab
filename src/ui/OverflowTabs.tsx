import { useLayoutEffect, useRef, useState } from 'react';
import { fitTabs } from '../core/tab-fit.ts';
import { Menu } from './Menu.tsx';
import { tabId, type TabStripProps } from './tab-ids.ts';
import { Tabs } from './Tabs.tsx';

interface OverflowTabsProps<K extends string> extends TabStripProps<K> {
  /** The accessible name of the button and menu that list the tabs out of view. */
  moreLabel: string;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** Until the "+N" button has been drawn once, the room it is given. */
const MORE_GUESS = 40;

/**
 * A row of tabs beside the orders panel's tools that shows each tab whole or not at all: as many
 * as fit, in order, and the selected one always (seventh walkthrough: with the tools beside it the
 * strip had shown only "+4", the selected tab folded too); a "+N" button after them lists the rest
 * (issue 33: at 1920×1080 four tabs were out of sight with nothing to say so), and taking one from
 * it selects it, which shows it in the last place. A folded tab keeps its place in the tab list
 * (arrow keys still reach it) but is not drawn and sits after the shown ones (tabs.css). The strip
 * asks the row for at least the selected tab and "+N" (`--tabs-least`; the row puts its tools on a
 * line of their own rather than give less), and measures again when its box or a tab changes size
 * (a label, a count, the fonts) and when the selection or the labels change.
 */
export function OverflowTabs<K extends string>({ moreLabel, ...props }: OverflowTabsProps<K>) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<K[]>([]);
  const moreWidth = useRef(MORE_GUESS);
  const { items, idPrefix, active } = props;
  const measure = useRef(() => {});
  measure.current = () => {
    const el = box.current;
    const list = el?.querySelector<HTMLElement>('[role="tablist"]');
    if (!el || !list) return;
    const tabs = items.map((it) => list.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, it.key))}`));
    const widths = tabs.map((tab) => tab?.getBoundingClientRect().width ?? 0);
    const style = getComputedStyle(list);
    const pad = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
    const gap = parseFloat(style.columnGap) || 0;
    const more = el.querySelector('.overflow-tabs__more');
    if (more) moreWidth.current = more.getBoundingClientRect().width;
    const selected = items.findIndex((it) => it.key === active);
    const least = pad + (widths[selected] ?? 0) + (items.length > 1 ? moreWidth.current : 0);
    el.style.setProperty('--tabs-least', `${Math.ceil(least)}px`);
    const shown = fitTabs(widths, selected, el.getBoundingClientRect().width - pad, gap, moreWidth.current);
    const out: K[] = [];
    tabs.forEach((tab, i) => {
      tab?.toggleAttribute('data-folded', !shown[i]);
      if (!shown[i]) out.push(items[i]!.key);
    });
    // The list is as wide as the tabs it shows, so "+N" follows the last of them.
    const drawn = widths.filter((_, i) => shown[i]);
    el.style.setProperty('--tabs-shown', out.length > 0 ? `${pad + drawn.reduce((n, w) => n + w, 0) + gap * Math.max(0, drawn.length - 1) + 0.5}px` : 'none');
    // A folded tab that took focus (an arrow key) scrolled the strip; the shown ones start it.
    list.scrollLeft = 0;
    setHidden((prev) => (sameKeys(prev, out) ? prev : out));
  };

  // At once when the selection or a label changes, before the frame is drawn (a folded tab that
  // was just selected shows in the same frame).
  const labels = items.map((it) => `${it.key}\u0000${typeof it.label === 'string' ? it.label : ''}`).join('\u0001');
  useLayoutEffect(() => measure.current(), [labels, active, idPrefix]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    const run = () => {
      frame = 0;
      measure.current();
      // The strip's markup is replaced once react-aria's parts load (ui/Tabs.tsx): watch its tabs.
      for (const tab of el.querySelectorAll('[role="tab"], .overflow-tabs__more')) resize.observe(tab);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(run);
    };
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    const swap = new MutationObserver(schedule);
    swap.observe(el, { childList: true, subtree: true });
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      swap.disconnect();
    };
  }, [idPrefix]);

  return (
    <div ref={box} className="overflow-tabs">
      <Tabs {...props} />
      {hidden.length > 0 ? (
        <Menu
          trigger={`+${hidden.length}`}
          triggerLabel={moreLabel}
          triggerClassName="btn btn--link overflow-tabs__more"
          label={moreLabel}
          placement="bottom start"
          entries={hidden.map((key) => {
            const label = items.find((it) => it.key === key)?.label;
            return { id: key, label: typeof label === 'string' ? label : key, onAction: () => props.onChange(key) };
          })}
        />
      ) : null}
    </div>
  );
}
