// Spec 5.3: the checks an order passes before it is sent. Each failure is a message key (shown as
// a toast under `orderMsg.`) with its parameters; the first failing check wins, in spec order.
// Each kind's own checks are its definition's (core/order-kinds/); the shared ones core/order-checks.ts.
import { fx, fxDiv, fxFloorTo, fxMul, fxPercent, fxText, decimalPlaces } from './decimal.ts';
import { msg } from './order-checks.ts';
import { orderKind } from './order-kinds/index.ts';
import type { Side } from './order-types.ts';

export type OrderKind = 'limit' | 'market' | 'conditional' | 'stopLimit' | 'oco' | 'trailing';

/** A form field a message is about (the form marks it, issue 15 item 5). */
export type DraftField = 'price' | 'qty' | 'amount' | 'triggerPrice' | 'tpTrigger' | 'tpPrice' | 'slTrigger' | 'slPrice' | 'trailingValue' | 'activationPrice' | 'slippage';

export interface RuleMessage {
  key: string;
  params?: Record<string, string>;
  field?: DraftField;
}

/** What the form holds, as typed (decimal strings; '' when empty). */
export interface OrderDraft {
  kind: OrderKind;
  side: Side;
  price: string;
  qty: string;
  amount: string;
  /** Market orders: by base quantity or by quote amount. */
  marketBy: 'qty' | 'amount';
  triggerPrice: string;
  /** Conditional orders execute as limit or market once triggered. */
  execType: 'limit' | 'market';
  tpTrigger: string;
  tpPrice: string;
  tpType: 'limit' | 'market';
  slTrigger: string;
  slPrice: string;
  slType: 'limit' | 'market';
  trailingBy: 'percent' | 'value';
  trailingValue: string;
  activationPrice: string;
  /** TP/SL attached to a limit order on entry. */
  takeProfit: string;
  stopLoss: string;
  /** A limit order's time in force (spec 5.13 preference), and post only, which overrides it. */
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  /** A market order's slippage limit in percent ('' none; Bybit's slippageToleranceType Percent). */
  slippage: string;
  /** A spot-margin order that may borrow (isLeverage=1): the form's leverage switch (spec 4.5). */
  isLeverage: boolean;
  /** A position close (the margin tab's Close): sent with reduceOnly and closeOnTrigger, so the exchange treats it as closing. */
  closing: boolean;
}

export interface SymbolLimits {
  tickSize: string;
  lotSize: string;
  minQty: string;
  maxQty: string;
  minAmount: string;
  maxAmount: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Units the messages name with the bounds (base for quantities, quote for prices and values). */
  base?: string;
  quote?: string;
}

export interface BalanceContext {
  lastPrice: string | null;
  /** Spendable now: quote for a buy, base for a sell. */
  available: string;
  isUnified: boolean;
  /** Balance checks are skipped while editing an existing order (spec 5.3). */
  editing: boolean;
  /** Remaining innovation quota in quote, or null when the symbol has none (see 5.2). */
  innovationRemaining: string | null;
}

export { PRICE_BAND_HIGH_PCT, PRICE_BAND_LOW_PCT } from './order-checks.ts';

export const EMPTY_DRAFT: OrderDraft = {
  kind: 'limit', side: 'Buy', price: '', qty: '', amount: '', marketBy: 'qty', triggerPrice: '', execType: 'limit',
  tpTrigger: '', tpPrice: '', tpType: 'limit', slTrigger: '', slPrice: '', slType: 'limit',
  trailingBy: 'percent', trailingValue: '', activationPrice: '', takeProfit: '', stopLoss: '',
  timeInForce: 'GTC', postOnly: false, slippage: '', isLeverage: false, closing: false,
};

/** Quote a buy spends (or base a sell gives), for the balance and quota checks; null when not known. */
export function orderCost(d: OrderDraft, lastPrice: string | null): bigint | null {
  const def = orderKind(d.kind);
  if (def.cost) return def.cost(d, lastPrice);
  const q = fx(d.qty);
  if (d.side === 'Sell') return q;
  const p = fx(def.calcPrice(d, lastPrice ?? ''));
  return q !== null && p !== null ? fxMul(q, p) : null;
}

function checkBalance(d: OrderDraft, ctx: BalanceContext): RuleMessage | null {
  if (ctx.editing) return null;
  const cost = orderCost(d, ctx.lastPrice);
  if (cost === null) return null;
  const field: DraftField = orderKind(d.kind).costField?.(d) ?? 'qty';
  // The innovation quota first: where it applies, the available balance shown is capped by it, so a
  // buy beyond it is told the quota, not the balance.
  if (d.side === 'Buy' && ctx.innovationRemaining !== null) {
    const remaining = fx(ctx.innovationRemaining);
    if (remaining !== null && remaining >= 0n && cost > remaining) return msg('innovateTradeFail', undefined, field);
  }
  // Spec 5.3 checks the balance for classic accounts; a unified account without leverage cannot
  // borrow either, so its order beyond the free balance says so too (issue 32: a unified 50 BTC buy
  // was told the order-value maximum, and an over-balance market buy nothing before sending).
  // With leverage on, what may be borrowed is the exchange's to judge.
  if ((!ctx.isUnified || !d.isLeverage) && cost > (fx(ctx.available) ?? 0n)) return msg('balanceNotEnough', undefined, field);
  return null;
}

/**
 * Spec 5.3, in order: the order kind's own checks (core/order-kinds/), the balance before the
 * order-value bounds (an order beyond the balance says so, not that its value is above the
 * exchange's maximum), then the balance for every kind. Null when the order may be sent.
 */
export function preCheckOrder(d: OrderDraft, l: SymbolLimits, ctx: BalanceContext): RuleMessage | null {
  const balance = () => checkBalance(d, ctx);
  return orderKind(d.kind).check(d, l, { ...ctx, last: fx(ctx.lastPrice), balance }) ?? balance();
}

/** Quantity for a share of the available balance (the form's percentage slider). */
export function qtyForPercent(side: Side, available: string, pct: number, price: string, lotSize: string): string {
  const avail = fx(available);
  const lot = fx(lotSize);
  if (avail === null || lot === null || pct <= 0) return '';
  const share = fxPercent(avail, BigInt(Math.min(100, Math.round(pct))) * 10n ** 18n);
  let qty: bigint;
  if (side === 'Sell') qty = share;
  else {
    const p = fx(price);
    if (p === null || p <= 0n) return '';
    qty = fxDiv(share, p);
  }
  return fxText(fxFloorTo(qty, lot), decimalPlaces(lotSize));
}

/** Max buy (base at `price` for the available quote) or max sell (the available base), floored to the lot. */
export function maxOrderQty(side: Side, available: string, price: string, lotSize: string): string {
  return qtyForPercent(side, available, 100, price, lotSize);
}
