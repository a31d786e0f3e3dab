import { useLayoutEffect, useRef, useState } from 'react';
import { Menu } from './Menu.tsx';
import { tabId, type TabStripProps } from './tab-ids.ts';
import { Tabs } from './Tabs.tsx';

interface OverflowTabsProps<K extends string> extends TabStripProps<K> {
  /** The accessible name of the button and menu that list the tabs out of view. */
  moreLabel: string;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * A row of tabs that scrolls sideways inside itself when its box is too narrow (the orders panel's
 * nine tabs beside its tools), with a "+N" button after it that lists the tabs not wholly in view
 * (issue 33: at 1920×1080 four of them were out of sight with nothing to say they were there).
 * Taking one from the list selects it and scrolls it into view. Measured at most once a frame, on
 * a resize of the row or a scroll of the strip.
 */
export function OverflowTabs<K extends string>({ moreLabel, ...props }: OverflowTabsProps<K>) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<K[]>([]);
  const { items, idPrefix, active } = props;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    let strip: Element | null = null;
    const measure = () => {
      frame = 0;
      const list = el.querySelector('[role="tablist"]');
      if (list !== strip) {
        strip?.removeEventListener('scroll', schedule);
        strip = list;
        strip?.addEventListener('scroll', schedule, { passive: true });
      }
      if (!list) return;
      const r = list.getBoundingClientRect();
      const out: K[] = [];
      let left = false;
      let right = false;
      for (const it of items) {
        const tab = list.querySelector(`#${CSS.escape(tabId(idPrefix, it.key))}`);
        if (!tab) continue;
        const b = tab.getBoundingClientRect();
        if (b.left < r.left - 1) left = true;
        if (b.right > r.right + 1) right = true;
        const cut = b.left < r.left - 1 || b.right > r.right + 1;
        if (cut) out.push(it.key);
        // A tab is whole or folded into "+N", never shown cut (sixth walkthrough: "Borrowings" read
        // "Borrow" beside "+3"). It keeps its place (and is still a tab to click or arrow to, which
        // scrolls it whole into view); only its drawing is left out (tabs.css).
        tab.toggleAttribute('data-folded', cut);
      }
      // The edge a tab is cut at fades out (issue 33: "Positi" then "+8" read as a broken label,
      // not as a strip that goes on).
      el.toggleAttribute('data-cut-left', left);
      el.toggleAttribute('data-cut-right', right);
      setHidden((prev) => (sameKeys(prev, out) ? prev : out));
    };
    function schedule() {
      if (!frame) frame = requestAnimationFrame(measure);
    }
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    // The strip's markup is replaced once react-aria's parts load (ui/Tabs.tsx).
    const swap = new MutationObserver(schedule);
    swap.observe(el, { childList: true, subtree: true });
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      swap.disconnect();
      strip?.removeEventListener('scroll', schedule);
    };
  }, [items, idPrefix]);

  // The chosen tab is brought into view, however it was chosen.
  useLayoutEffect(() => {
    box.current?.querySelector(`#${CSS.escape(tabId(idPrefix, active))}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, idPrefix]);

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
