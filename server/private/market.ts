import { SYMBOL_BY_NAME, type SymbolDef } from '../exchange/symbols.ts';
import { amount, fxMul, writtenDecimals } from '../../src/core/decimal.ts';

/** A symbol's trading rules as scaled bigints, plus the conversions to the engine's ticks and lots. */
export interface Market {
  readonly def: SymbolDef;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly tick: bigint;
  readonly lot: bigint;
  /** tick × lot: the engine's quote unit. */
  readonly quoteUnit: bigint;
  readonly minQty: bigint;
  readonly maxQty: bigint;
  readonly minAmt: bigint;
  readonly maxAmt: bigint;
  readonly priceDecimals: number;
  readonly qtyDecimals: number;
  readonly quoteDecimals: number;
}

const cache = new Map<string, Market>();

export function marketOf(symbol: string): Market | undefined {
  const hit = cache.get(symbol);
  if (hit) return hit;
  const def = SYMBOL_BY_NAME.get(symbol);
  if (!def) return undefined;
  const tick = amount(def.tickSize);
  const lot = amount(def.lotSize);
  const m: Market = {
    def, symbol, base: def.base, quote: def.quote, tick, lot, quoteUnit: fxMul(tick, lot),
    minQty: amount(def.minOrderQty), maxQty: amount(def.maxOrderQty), minAmt: amount(def.minOrderAmt), maxAmt: amount(def.maxOrderAmt),
    priceDecimals: writtenDecimals(def.tickSize), qtyDecimals: writtenDecimals(def.lotSize),
    quoteDecimals: writtenDecimals(def.tickSize) + writtenDecimals(def.lotSize),
  };
  cache.set(symbol, m);
  return m;
}

/** Spot trading fees (Bybit non-VIP): the buyer pays in base, the seller in quote. */
export const TAKER_FEE_RATE = '0.001';
export const MAKER_FEE_RATE = '0.001';
export { MARKET_PROTECTION } from '../exchange/matching/types.ts';
