/** The simulated markets: their rules and where their prices start. */
export interface SymbolDef {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  /** Base-quantity step (Bybit's basePrecision). */
  lotSize: string;
  quotePrecision: string;
  minOrderQty: string;
  maxOrderQty: string;
  minOrderAmt: string;
  maxOrderAmt: string;
  /** Steps the order book may merge by, smallest first (spec 3, digitMerge). */
  digitMerge: string;
  startPrice: number;
  /** Yearly volatility of the fair price, for the simulator. */
  volatility: number;
  innovation?: boolean;
  leveragedToken?: { underlying: string; leverage: number };
  /** Milliseconds after server start at which trading opens (a countdown symbol). */
  opensInMs?: number;
}

export const SYMBOLS: readonly SymbolDef[] = [
  { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', lotSize: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.73956243', minOrderAmt: '1', maxOrderAmt: '4000000', digitMerge: '0.01,0.1,1,10,100', startPrice: 97000, volatility: 0.55 },
  { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', tickSize: '0.01', lotSize: '0.00001', quotePrecision: '0.0000001', minOrderQty: '0.00062', maxOrderQty: '1229.2336343', minOrderAmt: '1', maxOrderAmt: '4000000', digitMerge: '0.01,0.1,1,10', startPrice: 3400, volatility: 0.7 },
  { symbol: 'SOLUSDT', base: 'SOL', quote: 'USDT', tickSize: '0.01', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.011', maxOrderQty: '30000', minOrderAmt: '1', maxOrderAmt: '2000000', digitMerge: '0.01,0.1,1', startPrice: 190, volatility: 0.9 },
  { symbol: 'XRPUSDT', base: 'XRP', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '0.44', maxOrderQty: '1500000', minOrderAmt: '1', maxOrderAmt: '2000000', digitMerge: '0.0001,0.001,0.01,0.1', startPrice: 2.3, volatility: 0.9 },
  { symbol: 'ETHBTC', base: 'ETH', quote: 'BTC', tickSize: '0.000001', lotSize: '0.0001', quotePrecision: '0.0000001', minOrderQty: '0.0006', maxOrderQty: '1000', minOrderAmt: '0.000001', maxOrderAmt: '50', digitMerge: '0.000001,0.00001,0.0001', startPrice: 0.035, volatility: 0.5 },
  { symbol: 'BTC3LUSDT', base: 'BTC3L', quote: 'USDT', tickSize: '0.0001', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.1', maxOrderQty: '500000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.0001,0.001,0.01', startPrice: 1.25, volatility: 1.6, leveragedToken: { underlying: 'BTCUSDT', leverage: 3 } },
  { symbol: 'PEPEUSDT', base: 'PEPE', quote: 'USDT', tickSize: '0.00000001', lotSize: '1', quotePrecision: '0.0000001', minOrderQty: '100000', maxOrderQty: '100000000000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.00000001,0.0000001,0.000001', startPrice: 0.0000185, volatility: 1.4, innovation: true },
  { symbol: 'NEWUSDT', base: 'NEW', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '1', maxOrderQty: '1000000', minOrderAmt: '1', maxOrderAmt: '100000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.5, volatility: 1.2, opensInMs: 2 * 60 * 60 * 1000 },
];

export const SYMBOL_BY_NAME: ReadonlyMap<string, SymbolDef> = new Map(SYMBOLS.map((s) => [s.symbol, s]));
