import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../core/order-types.ts';
import { useSignals } from '../state/signals.ts';
import { isLoggedIn } from '../state/user.ts';
import { activeTool, gridPanelOpen } from '../state/tools.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { useAfterFirstBook } from './useAfterFirstBook.ts';

// The order form (or a visitor's login prompt) and the order lists, with the trading session
// behind them (private stream, order APIs), load after the order book's first rows.
const OrderEntry = lazy(() => import('../features/order-form/OrderEntry.tsx').then((m) => ({ default: m.OrderEntry })));
/** The trading toasts where the order form is not always on screen (the phone's order sheet). */
export const TradeToastsLazy = lazy(() => import('../features/orders-panel/TradeToasts.tsx').then((m) => ({ default: m.TradeToasts })));
const OrdersPanel = lazy(() => import('../features/orders-panel/OrdersPanel.tsx').then((m) => ({ default: m.OrdersPanel })));
// A tool's form (spec 2.17) and the grid-bot orders panel (2.14) load when first opened.
const ToolForm = lazy(() => import('../features/tools/ToolForm.tsx').then((m) => ({ default: m.ToolForm })));
const GridBotPanel = lazy(() => import('../features/grid-bots/GridBotPanel.tsx').then((m) => ({ default: m.GridBotPanel })));

interface Props {
  /** Load only once the order book has drawn rows (the desktop page, where the book shows too). */
  afterBook: boolean;
}

interface EntryProps extends Props {
  side?: Side;
  toasts?: boolean;
}

/** While a region's code loads: a spinner for traders; visitors see these regions nearly empty anyway. */
function Placeholder() {
  useSignals();
  const { t } = useTranslation();
  return <div className="panel-placeholder">{isLoggedIn.value ? <Spinner label={t('loading')} /> : null}</div>;
}

export function OrderEntrySlot({ afterBook, side, toasts }: EntryProps) {
  useSignals();
  const ready = useAfterFirstBook(afterBook);
  if (!ready) return <Placeholder />;
  const tool = activeTool.value;
  return (
    <DataBoundary name="forms">
      <Suspense fallback={<Placeholder />}>
        {tool ? <ToolForm tool={tool} /> : <OrderEntry side={side} toasts={toasts} />}
      </Suspense>
    </DataBoundary>
  );
}

export function OrdersPanelSlot({ afterBook }: Props) {
  useSignals();
  const ready = useAfterFirstBook(afterBook);
  if (!ready) return <Placeholder />;
  return (
    <DataBoundary name="orders">
      <Suspense fallback={<Placeholder />}>
        {gridPanelOpen.value && isLoggedIn.value ? <GridBotPanel /> : <OrdersPanel />}
      </Suspense>
    </DataBoundary>
  );
}
