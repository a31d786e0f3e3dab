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
