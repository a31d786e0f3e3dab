// Spec 8's demo-recharge outcomes: resultCode 0 success, 3410020 its own message, any other
// resultCode the generic one, a non-zero retCode the server's message. Said only after the answer.
import { applyDemoMoney } from '../../api/demo-money.ts';
import { ApiError } from '../../api/http.ts';
import { DEMO_RESULT_CEILING, DEMO_RESULT_OK, type DemoCoin } from '../../protocol/bybit-v5/demo-money.ts';

/** The coins demo money comes in and Bybit's per-request caps (the exchange's vocabulary). */
export { DEMO_COINS, DEMO_MONEY_CAPS, type DemoCoin } from '../../protocol/bybit-v5/demo-money.ts';
import { signal } from '../signals.ts';

/** Bybit's "Too many visits!" retCode: over the endpoint's limit (demo funds: once a minute). */
const TOO_MANY_VISITS = 10006;
import { pushToast } from '../toasts.ts';

/** A recharge is on its way (the form waits for its answer). */
export const recharging = signal(false);

/** Asks for `amount` of `coin`; true when the exchange applied it. */
export async function rechargeDemo(coin: DemoCoin, amount: string): Promise<boolean> {
  if (recharging.peek()) return false;
  recharging.value = true;
  try {
    const code = await applyDemoMoney(coin, amount);
    if (code === DEMO_RESULT_OK) {
      pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'demoRecharge.success', params: { coin }, amounts: { amount } });
      return true;
    }
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', key: code === DEMO_RESULT_CEILING ? 'demoRecharge.ceiling' : 'demoRecharge.failed', params: { coin } });
    return false;
  } catch (err) {
    // The exchange's once-a-minute limit (retCode 10006) in words, with when to try again if it said (sixth walkthrough: raw "Too many visits!").
    if (err instanceof ApiError && err.code === TOO_MANY_VISITS) {
      const seconds = err.retryAfterMs !== undefined ? Math.max(1, Math.ceil(err.retryAfterMs / 1000)) : null;
      pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', key: seconds === null ? 'demoRecharge.rateLimitedLater' : 'demoRecharge.rateLimited', params: seconds === null ? {} : { seconds: String(seconds) } });
      return false;
    }
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: err instanceof ApiError ? err.message : String(err) });
    return false;
  } finally {
    recharging.value = false;
  }
}
