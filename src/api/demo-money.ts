// The demo account's recharge (spec 2.18, 7.5): Bybit's POST /v5/account/demo-apply-money with the
// page's bizScene; the answer's result.resultCode says what the funding service did.
import { DEMO_APPLY_MONEY_PATH, type DemoAdjustType, type DemoCoin } from '../protocol/bybit-v5/demo-money.ts';
import { requestJson, v5Result } from './http.ts';

/** The funding service's resultCode (a non-zero retCode throws ApiError with the server message). */
export async function applyDemoMoney(coin: DemoCoin, amount: string, adjustType: DemoAdjustType = 0): Promise<number> {
  const result = v5Result(
    await requestJson(DEMO_APPLY_MONEY_PATH, { method: 'POST', body: { adjustType, bizScene: 'SPOT_TRADE', utaDemoApplyMoney: [{ coin, amountStr: amount }] } }),
  );
  return typeof result.resultCode === 'number' ? result.resultCode : Number.NaN;
}
