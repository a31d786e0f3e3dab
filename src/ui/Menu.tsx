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
}

/**
 * The page's one menu (react-aria-components MenuTrigger + Menu): the trigger opens it by press,
 * Enter, Space or arrow keys; arrows move between entries, Enter or a press takes one, Escape or a
 * press outside closes it and focus goes back to the trigger.
 */
export function Menu({ trigger, label, entries, triggerClassName }: MenuProps) {
  return (
    <PageLocale>
      <MenuTrigger>
        <Button className={triggerClassName ?? 'btn btn--link'}>{trigger}</Button>
        <AriaPopover className="popover menu" placement="bottom end">
          <AriaMenu aria-label={label} className="menu__list" onAction={(key) => entries.find((e) => e.id === key)?.onAction?.()}>
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
