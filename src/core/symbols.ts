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
  /** 'innovation' for the innovation zone, else ''. */
  mark: string;
  tradeStatus: 'Trading' | 'PreLaunch' | 'Closed' | string;
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

/** Decimals of an asset when no market of it is listed. */
export const FALLBACK_ASSET_DECIMALS = 8;

/**
 * An asset's display precision: the finest step it moves by in any listed market, as a base
 * (quantity step) or as a quote (price step). USDT with BTC/USDT at 0.01 and XRP/USDT at 0.0001
 * shows 4 decimals; an amount is never shown at the 8 decimals of the exchange's wire precision.
 */
export function assetDecimals(list: readonly SpotSymbol[], asset: string): number {
  let out = -1;
  for (const s of list) {
    if (s.baseTokenName === asset) out = Math.max(out, s.quantityPrecision);
    if (s.quoteTokenName === asset) out = Math.max(out, s.pricePrecision);
  }
  return out < 0 ? FALLBACK_ASSET_DECIMALS : out;
}
