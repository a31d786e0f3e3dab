import type { ReactNode } from 'react';
import { Button } from 'react-aria-components/Button';
import { Menu as AriaMenu, MenuItem, MenuTrigger } from 'react-aria-components/Menu';
import { Popover as AriaPopover } from 'react-aria-components/Popover';
import { PageLocale } from './page-locale.tsx';
import './overlay.css';

/** One entry of a menu: a link (`href`, opened in a new tab) or an action (`onAction`). */
export interface MenuEntry {
  id: string;
  label: string;
  href?: string;
  onAction?: () => void;
}

interface MenuProps {
  /** What the trigger shows (it is also the trigger's accessible name). */
  trigger: ReactNode;
  /** The accessible name of the list of entries. */
  label: string;
  entries: readonly MenuEntry[];
  triggerClassName?: string;
  /** The trigger's accessible name when its content is not enough. */
  triggerLabel?: string;
  /** A menu of choices: the entry chosen now (marked as checked; taking one calls its onAction). */
  selectedId?: string | null;
  placement?: 'bottom end' | 'top end' | 'bottom start' | 'top start';
  /** Open when first shown (a menu loaded after a press on its stand-in trigger). */
  defaultOpen?: boolean;
}

/**
 * The page's one menu (react-aria-components MenuTrigger + Menu): the trigger opens it by press,
 * Enter, Space or arrow keys; arrows move between entries, Enter or a press takes one, Escape or a
 * press outside closes it and focus goes back to the trigger.
 */
export function Menu({ trigger, label, entries, triggerClassName, triggerLabel, selectedId, placement = 'bottom end', defaultOpen }: MenuProps) {
  const take = (key: unknown) => entries.find((e) => e.id === key)?.onAction?.();
  const choices =
    selectedId === undefined
      ? { onAction: take }
      : {
          selectionMode: 'single' as const,
          disallowEmptySelection: true,
          selectedKeys: selectedId === null ? [] : [selectedId],
          onSelectionChange: (keys: 'all' | Set<unknown>) => {
            if (keys !== 'all') for (const k of keys) take(k);
          },
        };
  return (
    <PageLocale>
      <MenuTrigger defaultOpen={defaultOpen}>
        <Button className={triggerClassName ?? 'btn btn--link'} aria-label={triggerLabel}>
          {trigger}
        </Button>
        <AriaPopover className="popover menu" placement={placement}>
          <AriaMenu aria-label={label} className="menu__list" {...choices}>
            {entries.map((e) => (
              <MenuItem key={e.id} id={e.id} className="menu__item" href={e.href} target={e.href ? '_blank' : undefined} rel={e.href ? 'noopener' : undefined}>
                {e.label}
              </MenuItem>
            ))}
          </AriaMenu>
        </AriaPopover>
      </MenuTrigger>
    </PageLocale>
  );
}
