// Spot-margin actions for the lazy margin feature (kept out of the first load): loading the
// symbol's account info, the leverage switch (confirming spot margin on the exchange the first
// time) and the leverage multiple (spec 3, 4.5).
import { fetchMarginAccount, setSpotLeverage, switchSpotMargin } from '../../api/margin.ts';
import { leverage, leverageChecked, marginAccount } from './margin.ts';
import { pushToast } from '../toasts.ts';

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
