// Spot-margin actions for the lazy margin feature (kept out of the first load): loading the
// symbol's account info, the leverage switch (confirming spot margin on the exchange the first
// time) and the leverage multiple (spec 3, 4.5).
import { fetchMarginAccount, setSpotLeverage, switchSpotMargin } from '../../api/margin.ts';
import { leverage, leverageChecked, marginAccount } from './margin.ts';
import { balances } from './balances.ts';
import { effect } from '../signals.ts';
import { pushToast } from '../toasts.ts';

/** A burst of wallet pushes settles this long before the account info is read again. */
const ACCOUNT_READ_DELAY_MS = 300;

/**
 * Keeps the symbol's account info current while the leverage switch shows: read now, then after
 * each wallet push (borrowing and repaying move it); forgotten when it goes. Returns the stop.
 */
export function followMarginAccount(symbolId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dispose = effect(() => {
    void balances.value;
    clearTimeout(timer);
    timer = setTimeout(() => void reloadMarginAccount(symbolId), ACCOUNT_READ_DELAY_MS);
  });
  return () => {
    dispose();
    clearTimeout(timer);
    clearMarginAccount();
  };
}

const fail = (err: unknown) => pushToast({ kind: 'error', text: (err as Error).message || 'error' });

/** Reloads the symbol's account info; a failure toasts the server's message (spec 8). */
export async function reloadMarginAccount(symbolId: string): Promise<void> {
  try {
    const a = await fetchMarginAccount(symbolId);
    marginAccount.value = a;
    leverage.value = a.leverage;
  } catch (err) {
    fail(err);
  }
}

export function clearMarginAccount(): void {
  marginAccount.value = null;
}

/** Turns the leverage switch on or off; on, the first time, confirms spot margin on the exchange. */
export async function setLeverageChecked(on: boolean, symbolId: string): Promise<void> {
  const a = marginAccount.peek();
  if (on && a && !a.spotMarginOn) {
    try {
      await switchSpotMargin(true);
    } catch (err) {
      fail(err);
      return;
    }
    await reloadMarginAccount(symbolId);
  }
  leverageChecked.value = on;
}

export async function chooseLeverage(n: number, symbolId: string): Promise<void> {
  try {
    await setSpotLeverage(n);
    leverage.value = n;
    await reloadMarginAccount(symbolId);
  } catch (err) {
    fail(err);
  }
}
