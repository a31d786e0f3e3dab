// Spec 5.3's checks that order kinds share (a quantity, a limit price, a trigger, the order value's
// bounds, a conditional limit price's band around its trigger). Each kind's definition
// (core/order-kinds/) puts them in its own order; order-rules.ts runs them.
import { groupThousands } from './format.ts';
import { decimalPlaces, fx, fxMul, fxPercent, fxText } from './decimal.ts';
import type { DraftField, OrderDraft, RuleMessage, SymbolLimits } from './order-rules.ts';

/** Price bands of conditional and OCO limit prices around their trigger (spec 5.3, section 9). */
export const PRICE_BAND_LOW_PCT = '90';
export const PRICE_BAND_HIGH_PCT = '110';

/** A positive decimal as a fixed-point integer, else null. */
export const pos = (s: string): bigint | null => {
  const v = fx(s);
  return v !== null && v > 0n ? v : null;
};
export const msg = (key: string, params?: Record<string, string>, field?: DraftField): RuleMessage => ({ key, ...(params ? { params } : {}), ...(field ? { field } : {}) });
/** A bound with its unit when the limits name one ('0.000011 BTC'). */
/** A bound in a message: grouped as the page writes amounts ('4,000,000 USDT', not '4000000'), with its unit. */
export const withUnit = (v: string, unit: string | undefined) => (unit ? `${groupThousands(v)} ${unit}` : groupThousands(v));

/** Empty asks for a quantity; anything typed below the minimum (a zero too) says the minimum. */
export function checkQty(qty: string, l: SymbolLimits): RuleMessage | null {
  if (qty.trim() === '') return msg('qtyRequired', undefined, 'qty');
  const q = fx(qty);
  if (q === null || q < fx(l.minQty)! || q <= 0n) return msg('minQty', { min: withUnit(l.minQty, l.base) }, 'qty');
  if (q > fx(l.maxQty)!) return msg('maxQty', { max: withUnit(l.maxQty, l.base) }, 'qty');
  return null;
}

/**
 * What a typed quantity or order value below the pair's minimum is told at once, before any submit
 * (fourth walkthrough: 0.0000001 BTC said nothing until submitted): its field, the minimum and its
 * unit. Empty and zero say nothing yet; they are the submit check's.
 */
export function belowMinimum(d: Pick<OrderDraft, 'qty' | 'amount'>, l: SymbolLimits): RuleMessage | null {
  const q = pos(d.qty);
  if (q !== null && q < fx(l.minQty)!) return msg('minQty', { min: withUnit(l.minQty, l.base) }, 'qty');
  const a = pos(d.amount);
  if (a !== null && a < fx(l.minAmount)!) return msg('minAmount', { min: withUnit(l.minAmount, l.quote) }, 'amount');
  return null;
}

export function checkLimitPrice(price: string, l: SymbolLimits, field: DraftField = 'price'): RuleMessage | null {
  const p = pos(price);
  if (p === null) return msg('priceRequired', undefined, field);
  if (p < fx(l.tickSize)!) return msg('minPrice', { min: withUnit(l.tickSize, l.quote) }, field);
  return null;
}

export function checkAmountBounds(value: bigint, l: SymbolLimits, field: DraftField): RuleMessage | null {
  if (value < fx(l.minAmount)!) return msg('minAmount', { min: withUnit(l.minAmount, l.quote) }, field);
  if (value > fx(l.maxAmount)!) return msg('maxAmount', { max: withUnit(l.maxAmount, l.quote) }, field);
  return null;
}

export function checkTrigger(trigger: string, l: SymbolLimits, key = 'triggerRequired', field: DraftField = 'triggerPrice'): RuleMessage | null {
  const t = pos(trigger);
  if (t === null) return msg(key, undefined, field);
  if (t < fx(l.tickSize)!) return msg('minTrigger', { min: withUnit(l.tickSize, l.quote) }, field);
  return null;
}

/** Limit price of a conditional order within the 90 % / 110 % band of its trigger. */
export function checkConditionalBand(d: OrderDraft, l: SymbolLimits): RuleMessage | null {
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

/**
 * A triggered order (conditional, stop-limit): its trigger, then, when it executes as a limit
 * order, its price, quantity, the balance, its value's bounds and its price's band around the
 * trigger; as a market order, its quantity.
 */
export function checkTriggered(d: OrderDraft, l: SymbolLimits, balance: () => RuleMessage | null, asLimit: boolean): RuleMessage | null {
  const problem = checkTrigger(d.triggerPrice, l);
  if (problem) return problem;
  if (!asLimit) return checkQty(d.qty, l);
  return checkLimitPrice(d.price, l) ?? checkQty(d.qty, l) ?? balance() ?? checkAmountBounds(fxMul(fx(d.price)!, fx(d.qty)!), l, 'qty') ?? checkConditionalBand(d, l);
}
