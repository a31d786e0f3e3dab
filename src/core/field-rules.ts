import { sanitizeNumeric, settledToMax, settleNumeric } from './numeric-input.ts';
import type { SymbolLimits } from './order-rules.ts';
import type { SpotSymbol } from './symbols.ts';

export interface FieldRules {
  sanitize: (raw: string) => string;
  settle: (value: string) => string;
  /** The field's maximum when settling clamped the typed value to it (to say so), else null. */
  clampedTo: (typed: string, settled: string) => string | null;
}

/** Spec 5.8 per field kind: prices snap to the tick, quantities to the lot, amounts truncate. */
export function fieldRules(s: SpotSymbol): { price: FieldRules; qty: FieldRules; amount: FieldRules; percent: FieldRules } {
  const price = { precision: s.pricePrecision, tick: s.tickSize };
  const qty = { precision: s.quantityPrecision, tick: s.lotSize, max: s.maxTradeQuantity };
  const amount = { precision: s.amountPrecision, max: s.maxTradeAmount };
  const percent = { precision: 2, max: '99.99' };
  const make = (r: Parameters<typeof settleNumeric>[1]): FieldRules => ({
    sanitize: (raw) => sanitizeNumeric(raw, r.precision),
    settle: (v) => settleNumeric(v, r),
    clampedTo: (typed, settled) => (settledToMax(typed, settled, r) ? (r.max ?? null) : null),
  });
  return { price: make(price), qty: make(qty), amount: make(amount), percent: make(percent) };
}

export function limitsOf(s: SpotSymbol): SymbolLimits {
  return {
    tickSize: s.tickSize,
    lotSize: s.lotSize,
    minQty: s.minTradeQuantity,
    maxQty: s.maxTradeQuantity,
    minAmount: s.minTradeAmount,
    maxAmount: s.maxTradeAmount,
    pricePrecision: s.pricePrecision,
    amountPrecision: s.amountPrecision,
    base: s.baseTokenName,
    quote: s.quoteTokenName,
  };
}
