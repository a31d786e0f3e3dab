import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../core/order-types.ts';
import { useSignals } from '../../state/signals.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { acquireTradingSession } from '../../state/trading/trading-session.ts';
import { activeTool } from '../../state/trading/tools.ts';
import { isLoggedIn, retryUserNow, userKnown, userRetrying } from '../../state/account/user.ts';
import { LoginPrompt } from '../login-prompt/LoginPrompt.tsx';
import { RetryStatus } from '../retry-status/RetryStatus.tsx';
import { TradeToasts } from '../toasts/TradeToasts.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

// Visitors see the login prompt: the form's code loads only for traders. A trader's is asked for
// as this module loads (the user is known by then: it loads after the book's first rows), not after
// the entry's first render: one round of loading fewer before the form shows.
const loadOrderForm = () => import('./OrderForm.tsx');
if (isLoggedIn.peek()) void loadOrderForm();
const OrderForm = lazy(() => loadOrderForm().then((m) => ({ default: m.OrderForm })));
// A leveraged token's subscription and redemption (spec 5.10, 5.11): only on its own pages.
const LtTradePanel = lazy(() => import('../lever-token/LtTradePanel.tsx').then((m) => ({ default: m.LtTradePanel })));
const LEVERAGED_TOKEN = /^[A-Z]+\d+[LS]$/;
// A tool's form (spec 2.17) takes the order form's place while open; it loads when first opened.
const ToolForm = lazy(() => import('../tools/ToolForm.tsx').then((m) => ({ default: m.ToolForm })));

interface Props {
  /** The side the form opens on (the phone's Buy and Sell buttons). */
  side?: Side;
  /** Whether this entry shows the trading toasts (the phone shows them outside its order sheet). */
  toasts?: boolean;
}

/** The 'forms' region: the login prompt for visitors (spec 2.15, 6), the order form (or an open tool's form) for traders. */
export function OrderEntry({ side = 'Buy', toasts = true }: Props) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => acquireTradingSession(), []);
  const symbol = activeSymbol.value;
  const tool = activeTool.value;
  if (!isLoggedIn.value) {
    if (userKnown.value) return <LoginPrompt />;
    const retrying = userRetrying.value;
    return retrying ? <RetryStatus retrying={retrying} onRetryNow={retryUserNow} /> : null;
  }
  return (
    <>
      {symbol ? (
        <Suspense
          fallback={
            <div className="panel-placeholder">
              <Spinner label={t('loading')} />
            </div>
          }
        >
          {tool ? (
            <ToolForm tool={tool} />
          ) : (
            <>
              <OrderForm key={symbol.symbolId} symbol={symbol} initialSide={side} />
              {LEVERAGED_TOKEN.test(symbol.baseTokenName) ? <LtTradePanel key={`lt-${symbol.symbolId}`} base={symbol.baseTokenName} quote={symbol.quoteTokenName} /> : null}
            </>
          )}
        </Suspense>
      ) : null}
      {toasts ? <TradeToasts /> : null}
    </>
  );
}
