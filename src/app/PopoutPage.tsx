import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../core/locale.ts';
import type { PopoutPanel } from '../core/workspace.ts';
import { BookAndTrades } from '../features/market-area/BookAndTrades.tsx';
import { PANEL_LABEL_KEYS } from '../features/workspace/panel-labels.ts';
import { announcePopout } from '../state/popouts.ts';
import { ChartSlot } from './ChartSlot.tsx';
import { Region } from './Region.tsx';
import { OrderEntrySlot, OrdersPanelSlot } from './TradingSlots.tsx';

const RightColumn = lazy(() => import('./RightColumn.tsx').then((m) => ({ default: m.RightColumn })));

interface Props {
  locale: Locale;
  panel: PopoutPanel;
  base: string;
  quote: string;
}

/**
 * A panel of the trading page alone, the window's whole size (issue 36 item 3: popped out from the
 * Layout menu): the order book with the tape, the chart with its depth view, the order form, the
 * order lists, or the assets and market list. It tells the trading page it shows the panel until
 * this window goes.
 */
export function PopoutPage({ locale, panel, base, quote }: Props) {
  const { t } = useTranslation();
  useEffect(() => announcePopout(panel), [panel]);
  return (
    <div className="page popout-page" data-variant="desktop">
      <h1 className="popout-page__title">
        {`${base}/${quote}`} · {t(PANEL_LABEL_KEYS[panel])}
      </h1>
      <Region name={panel} labelKey={PANEL_LABEL_KEYS[panel]}>
        {panel === 'book' ? (
          <BookAndTrades rtl={isRtl(locale)} />
        ) : panel === 'chart' ? (
          <ChartSlot afterBook={false} />
        ) : panel === 'forms' ? (
          <OrderEntrySlot afterBook={false} />
        ) : panel === 'orders' ? (
          <OrdersPanelSlot afterBook={false} />
        ) : (
          <Suspense fallback={null}>
            <RightColumn />
          </Suspense>
        )}
      </Region>
    </div>
  );
}
