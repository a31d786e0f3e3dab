// Spec 5.3: the checks an order passes before it is sent. Each failure is a message key (shown as
// a toast under `orderMsg.`) with its parameters; the first failing check wins, in spec order.
import { fx, fxDiv, fxFloorTo, fxMul, fxPercent, fxText, decimalPlaces } from './decimal.ts';
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

/** Price bands of conditional and OCO limit prices around their trigger (spec 5.3, section 9). */
export const PRICE_BAND_LOW_PCT = '90';
export const PRICE_BAND_HIGH_PCT = '110';

export const EMPTY_DRAFT: OrderDraft = {
  kind: 'limit', side: 'Buy', price: '', qty: '', amount: '', marketBy: 'qty', triggerPrice: '', execType: 'limit',
  tpTrigger: '', tpPrice: '', tpType: 'limit', slTrigger: '', slPrice: '', slType: 'limit',
  trailingBy: 'percent', trailingValue: '', activationPrice: '', takeProfit: '', stopLoss: '',
  timeInForce: 'GTC', postOnly: false, slippage: '', isLeverage: false,
};

const pos = (s: string): bigint | null => {
  const v = fx(s);
  return v !== null && v > 0n ? v : null;
};
const msg = (key: string, params?: Record<string, string>, field?: DraftField): RuleMessage => ({ key, ...(params ? { params } : {}), ...(field ? { field } : {}) });
/** A bound with its unit when the limits name one ('0.000011 BTC'). */
const withUnit = (v: string, unit: string | undefined) => (unit ? `${v} ${unit}` : v);

/** Empty asks for a quantity; anything typed below the minimum (a zero too) says the minimum. */
function checkQty(qty: string, l: SymbolLimits): RuleMessage | null {
  if (qty.trim() === '') return msg('qtyRequired', undefined, 'qty');
  const q = fx(qty);
  if (q === null || q < fx(l.minQty)! || q <= 0n) return msg('minQty', { min: withUnit(l.minQty, l.base) }, 'qty');
  if (q > fx(l.maxQty)!) return msg('maxQty', { max: withUnit(l.maxQty, l.base) }, 'qty');
  return null;
}

function checkLimitPrice(price: string, l: SymbolLimits, field: DraftField = 'price'): RuleMessage | null {
  const p = pos(price);
  if (p === null) return msg('priceRequired', undefined, field);
  if (p < fx(l.tickSize)!) return msg('minPrice', { min: withUnit(l.tickSize, l.quote) }, field);
  return null;
}

function checkAmountBounds(value: bigint, l: SymbolLimits, field: DraftField): RuleMessage | null {
  if (value < fx(l.minAmount)!) return msg('minAmount', { min: withUnit(l.minAmount, l.quote) }, field);
  if (value > fx(l.maxAmount)!) return msg('maxAmount', { max: withUnit(l.maxAmount, l.quote) }, field);
  return null;
}

function checkTrigger(trigger: string, l: SymbolLimits, key = 'triggerRequired', field: DraftField = 'triggerPrice'): RuleMessage | null {
  const t = pos(trigger);
  if (t === null) return msg(key, undefined, field);
  if (t < fx(l.tickSize)!) return msg('minTrigger', { min: withUnit(l.tickSize, l.quote) }, field);
  return null;
}

/** Limit price of a conditional order within the 90 % / 110 % band of its trigger. */
function checkConditionalBand(d: OrderDraft, l: SymbolLimits): RuleMessage | null {
  const t = fx(d.triggerPrice)!;
  const p = fx(d.price)!;
  const dp = decimalPlaces(l.tickSize);
  if (d.side === 'Sell') {
    const low = fxPercent(t, fx(PRICE_BAND_LOW_PCT)!);
    if (p < low) return msg('conditionalSellPriceLow', { hash: fxText(low, dp, 'up') }, 'price');
  } else {
    const high = fxPercent(t, fx(PRICE_BAND_HIGH_PCT)!);
    if (p > high) return msg('conditionalBuyPriceHigh', { hash: fxText(high, dp, 'down') }, 'price');
  }
  return null;
}

function checkOco(d: OrderDraft, l: SymbolLimits, last: bigint | null): RuleMessage | null {
  const tpMissing = checkTrigger(d.tpTrigger, l, 'ocoTpTriggerRequired', 'tpTrigger');
  if (tpMissing) return tpMissing;
  const slMissing = checkTrigger(d.slTrigger, l, 'ocoSlTriggerRequired', 'slTrigger');
  if (slMissing) return slMissing;
  if (d.tpType === 'limit' && pos(d.tpPrice) === null) return msg('ocoTpPriceRequired', undefined, 'tpPrice');
  if (d.slType === 'limit' && pos(d.slPrice) === null) return msg('ocoSlPriceRequired', undefined, 'slPrice');
  const tp = fx(d.tpTrigger)!;
  const sl = fx(d.slTrigger)!;
  if (last !== null) {
    if (d.side === 'Sell') {
      if (tp < last) return msg('ocoNeedHighTpTriggerPrice', undefined, 'tpTrigger');
      if (sl > last) return msg('ocoNeedLowSlTriggerPrice', undefined, 'slTrigger');
    } else {
      if (tp > last) return msg('ocoNeedLowTpTriggerPrice', undefined, 'tpTrigger');
      if (sl < last) return msg('ocoNeedHighSlTriggerPrice', undefined, 'slTrigger');
    }
  }
  const dp = decimalPlaces(l.tickSize);
  for (const [trigger, price, type, field] of [[tp, d.tpPrice, d.tpType, 'tpPrice'], [sl, d.slPrice, d.slType, 'slPrice']] as const) {
    if (type !== 'limit') continue;
    const p = fx(price)!;
    const low = fxPercent(trigger, fx(PRICE_BAND_LOW_PCT)!);
    const high = fxPercent(trigger, fx(PRICE_BAND_HIGH_PCT)!);
    if (p < low || p > high) return msg('ocoPriceBand', { min: fxText(low, dp, 'up'), max: fxText(high, dp, 'down') }, field);
  }
  return checkQty(d.qty, l);
}

/** Quote a buy spends (or base a sell gives), for the balance and quota checks; null when not known. */
export function orderCost(d: OrderDraft, lastPrice: string | null): bigint | null {
  const q = fx(d.qty);
  if (d.kind === 'market') {
    if (d.marketBy === 'amount') return d.side === 'Buy' ? fx(d.amount) : null;
    if (d.side === 'Sell') return q;
    const last = fx(lastPrice);
    return q !== null && last !== null ? fxMul(q, last) : null;
  }
  if (d.side === 'Sell') return q;
  const priceText = d.kind === 'oco' ? (d.tpType === 'limit' ? d.tpPrice : d.tpTrigger) : d.kind === 'conditional' && d.execType === 'market' ? d.triggerPrice : d.kind === 'trailing' ? (lastPrice ?? '') : d.price;
  const p = fx(priceText);
  return q !== null && p !== null ? fxMul(q, p) : null;
}

function checkBalance(d: OrderDraft, ctx: BalanceContext): RuleMessage | null {
  if (ctx.editing) return null;
  const cost = orderCost(d, ctx.lastPrice);
  if (cost === null) return null;
  const field: DraftField = d.kind === 'market' && d.marketBy === 'amount' ? 'amount' : 'qty';
  if (!ctx.isUnified && cost > (fx(ctx.available) ?? 0n)) return msg('balanceNotEnough', undefined, field);
  if (d.side === 'Buy' && ctx.innovationRemaining !== null) {
    const remaining = fx(ctx.innovationRemaining);
    if (remaining !== null && remaining >= 0n && cost > remaining) return msg('innovateTradeFail', undefined, field);
  }
  return null;
}

/**
 * Spec 5.3, in order; the balance comes before the order-value bounds (an order beyond the balance
 * says so, not that its value is above the exchange's maximum). Null when the order may be sent.
 */
/** Bybit's Percent slippage tolerance: 0.01 to 10, at most 2 decimals ('' means none). */
function checkSlippage(v: string): RuleMessage | null {
  const s = v.trim();
  if (s === '') return null;
  const p = fx(s);
  const ok = /^\d+(\.\d{1,2})?$/.test(s) && p !== null && p >= fx('0.01')! && p <= fx('10')!;
  return ok ? null : msg('slippageRange', { min: '0.01', max: '10' }, 'slippage');
}

export function preCheckOrder(d: OrderDraft, l: SymbolLimits, ctx: BalanceContext): RuleMessage | null {
  const last = fx(ctx.lastPrice);
  const balance = () => checkBalance(d, ctx);
  let problem: RuleMessage | null = null;
  switch (d.kind) {
    case 'limit':
      problem = checkLimitPrice(d.price, l) ?? checkQty(d.qty, l) ?? balance() ?? checkAmountBounds(fxMul(fx(d.price)!, fx(d.qty)!), l, 'qty');
      break;
    case 'market':
      if (d.marketBy === 'amount') {
        const a = pos(d.amount);
        problem = a === null ? msg('amountRequired', undefined, 'amount') : (balance() ?? checkAmountBounds(a, l, 'amount'));
      } else problem = checkQty(d.qty, l);
      problem ??= checkSlippage(d.slippage);
      break;
    case 'conditional':
    case 'stopLimit': {
      problem = checkTrigger(d.triggerPrice, l);
      const limitType = d.kind === 'stopLimit' || d.execType === 'limit';
      if (!problem && limitType) {
        problem = checkLimitPrice(d.price, l) ?? checkQty(d.qty, l) ?? balance() ?? checkAmountBounds(fxMul(fx(d.price)!, fx(d.qty)!), l, 'qty') ?? checkConditionalBand(d, l);
      } else if (!problem) problem = checkQty(d.qty, l);
      break;
    }
    case 'oco':
      problem = checkOco(d, l, last);
      break;
    case 'trailing':
      if (pos(d.trailingValue) === null) problem = msg('trailingValueRequired', undefined, 'trailingValue');
      else if (d.trailingBy === 'percent' && fx(d.trailingValue)! >= fx('100')!) problem = msg('trailingPercentRange', undefined, 'trailingValue');
      else if (d.activationPrice !== '' && pos(d.activationPrice) === null) problem = msg('minTrigger', { min: withUnit(l.tickSize, l.quote) }, 'activationPrice');
      else problem = checkQty(d.qty, l);
      break;
  }
  return problem ?? balance();
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
