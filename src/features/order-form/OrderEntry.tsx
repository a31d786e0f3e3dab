import { useEffect } from 'react';
import { useSignals } from '../../state/signals.ts';
import { activeSymbol } from '../../state/active-market.ts';
import { acquireTradingSession } from '../../state/trading-session.ts';
import { isLoggedIn, retryUserNow, userKnown, userRetrying } from '../../state/user.ts';
import { LoginPrompt } from '../login-prompt/LoginPrompt.tsx';
import { RetryStatus } from '../retry-status/RetryStatus.tsx';
import { TradeToasts } from '../orders-panel/TradeToasts.tsx';
import { OrderForm } from './OrderForm.tsx';

/** The 'forms' region: the login prompt for visitors (spec 2.15, 6), the order form for traders. */
export function OrderEntry() {
  useSignals();
  useEffect(() => acquireTradingSession(), []);
  const symbol = activeSymbol.value;
  if (!isLoggedIn.value) {
    if (userKnown.value) return <LoginPrompt />;
    const retrying = userRetrying.value;
    return retrying ? <RetryStatus retrying={retrying} onRetryNow={retryUserNow} /> : null;
  }
  return (
    <>
      {symbol ? <OrderForm key={symbol.symbolId} symbol={symbol} /> : null}
      <TradeToasts />
    </>
  );
}
