/** A spot symbol as the page uses it (spec 3 "Symbol"), derived from v5 instruments-info. */
export interface SpotSymbol {
  symbolId: string;
  symbolName: string;
  baseTokenName: string;
  quoteTokenName: string;
  tickSize: string;
  lotSize: string;
  pricePrecision: number;
  quantityPrecision: number;
  amountPrecision: number;
  minTradeQuantity: string;
  maxTradeQuantity: string;
  minTradeAmount: string;
  maxTradeAmount: string;
  /** Allowed depth-merge steps, comma separated (spec 3); '' when the endpoint gives none. */
  digitMerge: string;
  /** 'innovation' or 'adventure' for those zones, else ''. */
  mark: string;
  tradeStatus: 'Trading' | 'PreLaunch' | 'Closed' | string;
  /** The exchange refuses buys / sells of this symbol (spec 3 flags, 4.4). */
  isBanBuy: boolean;
  isBanSell: boolean;
  /** Can be traded on margin (Bybit's marginTrading other than 'none', as ccxt reads it): the leverage switch shows only then. */
  margin: boolean;
}

/** Number of decimals in a step such as '0.001' (0 for '1' or '10'). */
export function decimalsOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.slice(dot + 1).replace(/0+$/, '').length;
}

export function findSymbol(list: readonly SpotSymbol[], base: string, quote: string): SpotSymbol | undefined {
  return list.find((s) => s.baseTokenName === base && s.quoteTokenName === quote);
}

/** How pairs are written wherever a person reads one: BASE/QUOTE. */
export function pairLabel(s: Pick<SpotSymbol, 'baseTokenName' | 'quoteTokenName'>): string {
  return `${s.baseTokenName}/${s.quoteTokenName}`;
}

/** The pair of an exchange symbol id ('BTCUSDT' → 'BTC/USDT'); the id itself when the list does not know it. */
export function pairOfId(list: readonly SpotSymbol[], symbolId: string): string {
  const s = list.find((x) => x.symbolId === symbolId);
  return s ? pairLabel(s) : symbolId;
}

/**
 * pairOfId and assetDecimals over one list, each answer kept: what a table's columns use for the
 * rows a scroll brings in (issue 37), made again with the columns when the list changes.
 */
export function symbolLookups(list: readonly SpotSymbol[]): { pair(symbolId: string): string; decimals(asset: string): number } {
  const pairs = new Map<string, string>();
  const decimals = new Map<string, number>();
  return {
    pair(symbolId) {
      let p = pairs.get(symbolId);
      if (p === undefined) pairs.set(symbolId, (p = pairOfId(list, symbolId)));
      return p;
    },
    decimals(asset) {
      let d = decimals.get(asset);
      if (d === undefined) decimals.set(asset, (d = assetDecimals(list, asset)));
      return d;
    },
  };
}

/** Decimals of an asset when no market of it is listed. */
export const FALLBACK_ASSET_DECIMALS = 8;
/** Decimals of an asset that is only ever a quote (USDT): shown like money (spec 5.12's 2 decimals). */
export const QUOTE_ASSET_DECIMALS = 2;

/**
 * An asset's display precision, so that an amount is never shown at the exchange's 8-decimal wire
 * precision: a base asset at the finest quantity step of its markets (BTC 6: BTC/USDT's 0.000001);
 * an asset that is only a quote (USDT) like money, at 2 decimals, whatever tick its markets have
 * (PEPE/USDT's 0.00000001 is a price step, not a step of USDT amounts).
 */
export function assetDecimals(list: readonly SpotSymbol[], asset: string): number {
  let base = -1;
  let quote = false;
  for (const s of list) {
    if (s.baseTokenName === asset) base = Math.max(base, s.quantityPrecision);
    if (s.quoteTokenName === asset) quote = true;
  }
  return base >= 0 ? base : quote ? QUOTE_ASSET_DECIMALS : FALLBACK_ASSET_DECIMALS;
}
