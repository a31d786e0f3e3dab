import { FX_ONE, fxCeilTo, fxDiv, fxFloorTo, fxMul, fxMulUp, parseAmount } from '../../../src/core/decimal.ts';
import type { MatchingEngine } from '../../exchange/matching/engine.ts';
import { MARKET_PROTECTION, type Market } from '../market.ts';
import type { OrderRow } from '../rows/orders.ts';

const dec = (s: string) => parseAmount(s) ?? 0n;
const PROTECTION = dec(MARKET_PROTECTION);

/** What an order must hold while it can trade, and the market-order price bound that makes it enough. */
export interface LockPlan {
  coin: string;
  amount: bigint;
  protectionTicks: number | undefined;
}

/**
 * Worst acceptable price for a market order, from a reference price (best opposite or last): the
 * order's own slippage tolerance when it has one (Bybit: ask1 + n × tick or ask1 × (1 + p%), bid1
 * mirrored), else the exchange's market protection.
 */
export function protectionPrice(m: Market, side: 'Buy' | 'Sell', ref: bigint, slippage?: { type: string; value: string }): bigint {
  const value = slippage && slippage.type !== '' ? dec(slippage.value) : undefined;
  if (value !== undefined && slippage!.type === 'TickSize') {
    const p = side === 'Buy' ? ref + (value / FX_ONE) * m.tick : ref - (value / FX_ONE) * m.tick;
    return p > 0n ? p : m.tick;
  }
  const rate = value !== undefined ? value / 100n : PROTECTION;
  if (side === 'Buy') return fxCeilTo(fxMulUp(ref, FX_ONE + rate), m.tick);
  const p = fxFloorTo(fxMul(ref, FX_ONE - rate), m.tick);
  return p > 0n ? p : m.tick;
}

/** Reference price for a market order: best opposite price, else the last trade, else `fallback`. */
export function referencePrice(m: Market, engine: MatchingEngine | undefined, side: 'Buy' | 'Sell', fallback?: bigint): bigint | undefined {
  const ticks = engine ? (side === 'Buy' ? engine.bestAsk() : engine.bestBid()) ?? engine.lastPriceTicks : undefined;
  return ticks !== undefined ? BigInt(ticks) * m.tick : fallback;
}

/**
 * The lock an order needs to trade now. For a market order sized in the other coin the lock is
 * what the worst protected price could cost, so a fill can never spend more than was locked.
 */
export function activationLock(m: Market, row: OrderRow, ref: bigint | undefined): LockPlan {
  const qty = dec(row.qty) - (row.order_type === 'Limit' ? dec(row.cum_exec_qty) : 0n);
  const side = row.side;
  if (row.order_type === 'Limit') {
    return side === 'Buy'
      ? { coin: m.quote, amount: fxMul(dec(row.price), qty), protectionTicks: undefined }
      : { coin: m.base, amount: qty, protectionTicks: undefined };
  }
  const prot = ref !== undefined ? protectionPrice(m, side, ref, { type: row.slippage_type, value: row.slippage }) : undefined;
  const protectionTicks = prot !== undefined ? Number(prot / m.tick) : undefined;
  if (side === 'Buy') {
    if (row.market_unit === 'quoteCoin') return { coin: m.quote, amount: qty, protectionTicks };
    // No reference price means an empty book: nothing can fill, so nothing needs locking.
    return { coin: m.quote, amount: prot !== undefined ? fxMulUp(qty, prot) : 0n, protectionTicks };
  }
  if (row.market_unit === 'quoteCoin') {
    const base = prot !== undefined ? fxCeilTo(fxDiv(qty, prot) + 1n, m.lot) : 0n;
    return { coin: m.base, amount: base, protectionTicks };
  }
  return { coin: m.base, amount: qty, protectionTicks };
}

/**
 * Lock taken when a TP/SL, OCO or trailing order is created (Bybit: "assets are occupied even
 * before the order is triggered"), priced at the worst of its possible execution prices.
 */
export function preTriggerLock(m: Market, row: OrderRow): LockPlan {
  if (row.side === 'Sell' && row.market_unit !== 'quoteCoin') return { coin: m.base, amount: dec(row.qty), protectionTicks: undefined };
  const candidates = [row.price, row.trigger_price, row.take_profit, row.stop_loss, row.tp_limit_price, row.sl_limit_price, row.base_price]
    .filter((s) => s !== '')
    .map(dec);
  const worst = candidates.reduce((a, b) => (row.side === 'Buy' ? (b > a ? b : a) : b < a && b > 0n ? b : a), candidates[0] ?? 0n);
  if (row.order_type === 'Limit' && row.stop_order_type !== 'OcoOrder') return activationLock(m, row, worst);
  return activationLock(m, { ...row, order_type: 'Market' }, worst > 0n ? worst : undefined);
}
