import { useMemo, useState } from 'react';
import { Autocomplete, useFilter } from 'react-aria-components/Autocomplete';
import { Dialog as AriaDialog, Heading } from 'react-aria-components/Dialog';
import { Header, Keyboard, Menu, MenuItem, MenuSection, Text } from 'react-aria-components/Menu';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Input, SearchField } from 'react-aria-components/SearchField';
import { PageLocale } from './page-locale.tsx';
import './overlay.css';
import './command-menu.css';

/** One command: its label, its group, more words it is found by, and its key if it has one. */
export interface Command {
  id: string;
  label: string;
  section: string;
  /** Other words that find it (the pair's coins, the setting's value). */
  keywords?: string;
  /** A hint on its right (the current value, or the key that does it). */
  hint?: string;
  /** Its keyboard shortcut, for assistive technology (aria-keyshortcuts syntax). */
  shortcut?: string;
  run: () => void;
}

interface Props {
  title: string;
  searchLabel: string;
  placeholder: string;
  emptyText: string;
  commands: readonly Command[];
  onClose: () => void;
  /** At most this many commands are listed for a search (the pairs are many). */
  limit?: number;
}

/**
 * The command palette: a modal dialog (react-aria-components) with a search field that filters a
 * menu of commands as one types (Autocomplete + Menu, the menu's focus stays virtual so typing goes
 * on); arrows move, Enter runs the command and closes, Escape closes.
 */
export function CommandMenu({ title, searchLabel, placeholder, emptyText, commands, onClose, limit = 100 }: Props) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const words = query.trim().split(/\s+/).filter(Boolean);
    const hits = words.length === 0 ? commands : commands.filter((c) => words.every((w) => contains(`${c.label} ${c.section} ${c.keywords ?? ''}`, w)));
    return hits.slice(0, limit);
  }, [commands, query, contains, limit]);
  const sections = useMemo(() => {
    const by = new Map<string, Command[]>();
    for (const c of shown) by.set(c.section, [...(by.get(c.section) ?? []), c]);
    return [...by.entries()];
  }, [shown]);
  const run = (key: unknown) => {
    const c = commands.find((x) => x.id === key);
    onClose();
    c?.run();
  };
  return (
    <PageLocale>
      <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="dialog-backdrop command-menu__backdrop">
        <Modal className="dialog-modal">
          <AriaDialog className="dialog command-menu" aria-label={title}>
            <Heading slot="title" className="visually-hidden">
              {title}
            </Heading>
            <Autocomplete inputValue={query} onInputChange={setQuery}>
              <SearchField className="command-menu__search" aria-label={searchLabel} autoFocus>
                <Input className="command-menu__input" placeholder={placeholder} />
              </SearchField>
              <Menu className="command-menu__list" aria-label={title} onAction={run} renderEmptyState={() => <p className="command-menu__empty">{emptyText}</p>}>
                {sections.map(([section, items]) => (
                  <MenuSection key={section} id={`section-${section}`} className="command-menu__section">
                    <Header className="command-menu__header">{section}</Header>
                    {items.map((c) => (
                      <MenuItem key={c.id} id={c.id} textValue={c.label} className="command-menu__item" {...(c.shortcut ? { 'aria-keyshortcuts': c.shortcut } : {})}>
                        <Text slot="label">{c.label}</Text>
                        {c.hint ? <Keyboard className="command-menu__hint">{c.hint}</Keyboard> : null}
                      </MenuItem>
                    ))}
                  </MenuSection>
                ))}
              </Menu>
            </Autocomplete>
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </PageLocale>
  );
}
