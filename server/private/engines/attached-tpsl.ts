import { fxFloorTo, parseAmount } from '../../../src/core/decimal.ts';
import { ApiError } from '../../auth/errors.ts';
import { marketOf } from '../market.ts';
import type { OrderRow } from '../rows/orders.ts';
import { checkBaseQty, type CreatePlan } from '../services/validate.ts';

const opt = (s: string) => (s === '' ? undefined : parseAmount(s));

/**
 * The closing order a limit order's attached takeProfit/stopLoss leaves once it has filled:
 * an OCO when both are set, a one-legged TP/SL order otherwise, for the quantity actually
 * received (a buy's fee is taken in the base coin). Undefined when that is below the minimum.
 */
export function attachedPlan(parent: OrderRow, cum: bigint): CreatePlan | undefined {
  const m = marketOf(parent.symbol)!;
  const side = parent.side === 'Buy' ? 'Sell' : 'Buy';
  const qty = fxFloorTo(parent.side === 'Buy' ? cum - (opt(parent.cum_exec_fee) ?? 0n) : cum, m.lot);
  try {
    checkBaseQty(m, qty);
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
  const both = parent.take_profit !== '' && parent.stop_loss !== '';
  const useTp = parent.take_profit !== '';
  const limitPrice = both ? undefined : useTp ? opt(parent.tp_limit_price) : opt(parent.sl_limit_price);
  return {
    market: m, side, orderType: limitPrice !== undefined ? 'Limit' : 'Market', qty, price: limitPrice, timeInForce: 'GTC',
    marketUnit: limitPrice !== undefined ? '' : 'baseCoin', orderLinkId: undefined,
    orderFilter: both ? 'OcoOrder' : 'tpslOrder', stopOrderType: both ? 'OcoOrder' : 'tpslOrder',
    triggerPrice: both ? undefined : useTp ? opt(parent.take_profit) : opt(parent.stop_loss),
    trailingValue: undefined, trailingPercent: undefined,
    takeProfit: opt(parent.take_profit), stopLoss: opt(parent.stop_loss), tpLimitPrice: opt(parent.tp_limit_price), slLimitPrice: opt(parent.sl_limit_price),
  };
}
