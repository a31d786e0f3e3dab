import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_LIST_CLOSE_MS } from '../../core/constants.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import './market-list.css';

// The list (and the popover it sits in) loads the first time it opens: none of it is needed
// before the order book's first rows.
const MarketListPopover = lazy(() => import('./MarketListPopover.tsx').then((m) => ({ default: m.MarketListPopover })));

interface Props {
  base: string;
  quote: string;
  symbolId: string | undefined;
}

type OpenedBy = 'pointer' | 'keyboard';

/**
 * The current-symbol thumbnail (spec 2.8). Hover or focus opens the market list (in the page's
 * popover, src/ui/Popover.tsx); it closes MARKET_LIST_CLOSE_MS after the pointer leaves (so a
 * pointer crossing the gap to the list does not close it), at once on Escape, when focus leaves
 * both, or when a market is chosen. The popover is portalled: React's pointer and focus events
 * still bubble from it to the switcher, the DOM's containment checks look at both.
 */
export function MarketSwitcher({ base, quote, symbolId }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const [opened, setOpened] = useState<OpenedBy | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Focus handed back to the button after Escape must not reopen the list it just closed.
  const refocusing = useRef(false);

  const cancelClose = () => {
    if (closeTimer.current !== undefined) clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const open = (by: OpenedBy) => {
    cancelClose();
    setOpened((was) => (was === 'keyboard' ? was : by));
  };
  /** The switcher or its (portalled) list holds `node`. */
  const holds = (node: Node | null) => !!node && (!!rootRef.current?.contains(node) || !!document.getElementById(listId)?.contains(node));
  const close = (returnFocus: boolean) => {
    cancelClose();
    setOpened(null);
    if (returnFocus && holds(document.activeElement)) {
      refocusing.current = true;
      buttonRef.current?.focus();
      refocusing.current = false;
    }
  };
  useEffect(() => cancelClose, []);

  const onMouseLeave = () => {
    cancelClose();
    // Someone typing in the search box keeps the list; the pointer wandering off is not a goodbye.
    if (document.getElementById(listId)?.contains(document.activeElement)) return;
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setOpened(null);
    }, MARKET_LIST_CLOSE_MS);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!holds(e.relatedTarget as Node | null)) close(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && opened) {
      e.stopPropagation();
      close(true);
    }
  };
  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      open('keyboard');
    }
  };

  return (
    <div ref={rootRef} className="market-switcher" onMouseEnter={() => open('pointer')} onMouseLeave={onMouseLeave} onBlur={onBlur} onKeyDown={onKeyDown}>
      <h1 className="symbol-info__pair">
        <button
          ref={buttonRef}
          type="button"
          className="market-switcher__button"
          aria-expanded={opened !== null}
          aria-haspopup="dialog"
          aria-controls={opened ? listId : undefined}
          onFocus={() => {
            if (!refocusing.current) open('pointer');
          }}
          // Enter and Space arrive as clicks (detail 0); they move focus into the list's search box.
          onClick={(e) => open(e.detail === 0 ? 'keyboard' : 'pointer')}
          onKeyDown={onButtonKey}
        >
          <span className="market-switcher__thumb" aria-hidden="true">
            {base.slice(0, 1)}
          </span>
          <span className="market-switcher__pair">
            {base}/{quote}
          </span>
          <span className="visually-hidden">{t('header.allMarkets')}</span>
          <span className="market-switcher__caret" aria-hidden="true" />
        </button>
      </h1>
      {opened ? (
        <Suspense
          fallback={
            <div id={listId} className="market-list" role="dialog" aria-label={t('header.marketList')} aria-busy="true">
              <Spinner label={t('loading')} />
            </div>
          }
        >
          <MarketListPopover
            triggerRef={buttonRef}
            id={listId}
            currentSymbolId={symbolId}
            autoFocusSearch={opened === 'keyboard'}
            onChoose={() => close(true)}
            onClose={() => close(true)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
