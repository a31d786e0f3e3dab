import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../core/order-types.ts';
import { useSignals } from '../state/signals.ts';
import { isLoggedIn } from '../state/account/user.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { useAfterFirstBook } from './useAfterFirstBook.ts';

// The order form (or a visitor's login prompt) and the order lists, with the trading session
// behind them (private stream, order APIs), load after the order book's first rows.
const OrderEntry = lazy(() => import('../features/order-form/OrderEntry.tsx').then((m) => ({ default: m.OrderEntry })));
/** The trading toasts where the order form is not always on screen (the phone's order sheet). */
export const TradeToastsLazy = lazy(() => import('../features/toasts/TradeToasts.tsx').then((m) => ({ default: m.TradeToasts })));
const OrdersPanel = lazy(() => import('../features/orders-panel/OrdersPanel.tsx').then((m) => ({ default: m.OrdersPanel })));

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
  const ready = useAfterFirstBook(afterBook, true);
  if (!ready) return <Placeholder />;
  return (
    <DataBoundary name="forms">
      <Suspense fallback={<Placeholder />}>
        <OrderEntry side={side} toasts={toasts} />
      </Suspense>
    </DataBoundary>
  );
}

export function OrdersPanelSlot({ afterBook }: Props) {
  const ready = useAfterFirstBook(afterBook, true);
  if (!ready) return <Placeholder />;
  return (
    <DataBoundary name="orders">
      <Suspense fallback={<Placeholder />}>
        <OrdersPanel />
      </Suspense>
    </DataBoundary>
  );
}
