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
  /** Listed in the adventure zone (Bybit's symbolType 'adventure'); its buys count against the innovation quota. */
  adventure?: boolean;
  /** A leveraged token's spot market: its price follows the NAV of server/exchange/lt (startPrice is its starting NAV). */
  leveragedToken?: { underlying: string; leverage: number };
  /** Milliseconds after server start at which trading opens (a countdown symbol). */
  opensInMs?: number;
  /** Listed only by the --stress preset; it starts without generated candle history. */
  stressOnly?: boolean;
}

export const SYMBOLS: readonly SymbolDef[] = [
  { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', lotSize: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.73956243', minOrderAmt: '1', maxOrderAmt: '4000000', digitMerge: '0.01,0.1,1,10,100', startPrice: 97000, volatility: 0.55 },
  { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', tickSize: '0.01', lotSize: '0.00001', quotePrecision: '0.0000001', minOrderQty: '0.00062', maxOrderQty: '1229.2336343', minOrderAmt: '1', maxOrderAmt: '4000000', digitMerge: '0.01,0.1,1,10', startPrice: 3400, volatility: 0.7 },
  { symbol: 'SOLUSDT', base: 'SOL', quote: 'USDT', tickSize: '0.01', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.011', maxOrderQty: '30000', minOrderAmt: '1', maxOrderAmt: '2000000', digitMerge: '0.01,0.1,1', startPrice: 190, volatility: 0.9 },
  { symbol: 'XRPUSDT', base: 'XRP', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '0.44', maxOrderQty: '1500000', minOrderAmt: '1', maxOrderAmt: '2000000', digitMerge: '0.0001,0.001,0.01,0.1', startPrice: 2.3, volatility: 0.9 },
  { symbol: 'ETHBTC', base: 'ETH', quote: 'BTC', tickSize: '0.000001', lotSize: '0.0001', quotePrecision: '0.0000001', minOrderQty: '0.0006', maxOrderQty: '1000', minOrderAmt: '0.000001', maxOrderAmt: '50', digitMerge: '0.000001,0.00001,0.0001', startPrice: 0.035, volatility: 0.5 },
  { symbol: 'BTC3LUSDT', base: 'BTC3L', quote: 'USDT', tickSize: '0.0001', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.1', maxOrderQty: '500000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.0001,0.001,0.01', startPrice: 1.25, volatility: 1.6, leveragedToken: { underlying: 'BTCUSDT', leverage: 3 } },
  { symbol: 'BTC3SUSDT', base: 'BTC3S', quote: 'USDT', tickSize: '0.0001', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.1', maxOrderQty: '500000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.8, volatility: 1.6, leveragedToken: { underlying: 'BTCUSDT', leverage: 3 } },
  { symbol: 'ETH3LUSDT', base: 'ETH3L', quote: 'USDT', tickSize: '0.0001', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.1', maxOrderQty: '500000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.0001,0.001,0.01', startPrice: 2.5, volatility: 2, leveragedToken: { underlying: 'ETHUSDT', leverage: 3 } },
  { symbol: 'ETH3SUSDT', base: 'ETH3S', quote: 'USDT', tickSize: '0.0001', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.1', maxOrderQty: '500000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.4, volatility: 2, leveragedToken: { underlying: 'ETHUSDT', leverage: 3 } },
  { symbol: 'PEPEUSDT', base: 'PEPE', quote: 'USDT', tickSize: '0.00000001', lotSize: '1', quotePrecision: '0.0000001', minOrderQty: '100000', maxOrderQty: '100000000000', minOrderAmt: '1', maxOrderAmt: '200000', digitMerge: '0.00000001,0.0000001,0.000001', startPrice: 0.0000185, volatility: 1.4, innovation: true },
  // Pairs whose tokens need their own risk disclaimer before a first trade (spec 5.4).
  { symbol: 'SUIUSDT', base: 'SUI', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '0.3', maxOrderQty: '300000', minOrderAmt: '1', maxOrderAmt: '1000000', digitMerge: '0.0001,0.001,0.01', startPrice: 3.6, volatility: 1.1 },
  { symbol: 'MNTUSDT', base: 'MNT', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '1', maxOrderQty: '1000000', minOrderAmt: '1', maxOrderAmt: '1000000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.95, volatility: 1 },
  { symbol: 'BITUSDT', base: 'BIT', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '1', maxOrderQty: '1000000', minOrderAmt: '1', maxOrderAmt: '500000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.8, volatility: 1 },
  { symbol: 'GOATUSDT', base: 'GOAT', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '2', maxOrderQty: '2000000', minOrderAmt: '1', maxOrderAmt: '100000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.45, volatility: 1.5, adventure: true },
  { symbol: 'NEWUSDT', base: 'NEW', quote: 'USDT', tickSize: '0.0001', lotSize: '0.01', quotePrecision: '0.000001', minOrderQty: '1', maxOrderQty: '1000000', minOrderAmt: '1', maxOrderAmt: '100000', digitMerge: '0.0001,0.001,0.01', startPrice: 0.5, volatility: 1.2, opensInMs: 2 * 60 * 60 * 1000 },
];

/**
 * Coins the margin pool lends, with their hourly interest rates (about 3.65% a year for
 * stablecoins); server/private/engines/margin.ts charges them.
 */
export const MARGIN_HOURLY_RATE: Readonly<Record<string, string>> = {
  USDT: '0.00000417', USDC: '0.00000417', BTC: '0.00000114', ETH: '0.00000228', SOL: '0.00000571', XRP: '0.00000571',
};

/**
 * Bybit's instruments-info `marginTrading` of a pair: `utaOnly` when the pool lends both its coins
 * (a buy borrows the quote, a sell the base) and only a unified account may borrow, as here;
 * `none` otherwise. (Bybit also has `both` and `normalSpotOnly` for classic-account margin, which
 * this exchange does not offer: classic accounts cannot borrow.)
 */
export function marginTradingOf(def: Pick<SymbolDef, 'base' | 'quote' | 'leveragedToken'>): 'utaOnly' | 'none' {
  return !def.leveragedToken && MARGIN_HOURLY_RATE[def.base] !== undefined && MARGIN_HOURLY_RATE[def.quote] !== undefined ? 'utaOnly' : 'none';
}

export const SYMBOL_BY_NAME: ReadonlyMap<string, SymbolDef> = new Map(SYMBOLS.map((s) => [s.symbol, s]));

/**
 * Extra pairs of the stress preset. Bybit pushes orderbook.50 at most every 20 ms per topic, so one
 * symbol gives at most 50 book messages/s; 2,000/s over all symbols needs more than 40 busy books.
 * Rather than push faster than Bybit (which would teach the page a cadence it never sees), the
 * preset lists these pairs. They are not in SYMBOLS: accounts and private trading know only the
 * regular markets.
 */
export const STRESS_SYMBOL_COUNT = 56;

/** Three price scales so merge steps, decimals and widths vary across the extra books. */
const STRESS_TEMPLATES = [
  { tickSize: '0.01', lotSize: '0.001', quotePrecision: '0.00000001', minOrderQty: '0.01', maxOrderQty: '100000', digitMerge: '0.01,0.1,1', price: 80 },
  { tickSize: '0.0001', lotSize: '0.1', quotePrecision: '0.000001', minOrderQty: '1', maxOrderQty: '5000000', digitMerge: '0.0001,0.001,0.01,0.1', price: 1.5 },
  { tickSize: '0.000001', lotSize: '10', quotePrecision: '0.000001', minOrderQty: '100', maxOrderQty: '500000000', digitMerge: '0.000001,0.00001,0.0001', price: 0.03 },
] as const;

export const STRESS_SYMBOLS: readonly SymbolDef[] = Array.from({ length: STRESS_SYMBOL_COUNT }, (_, i) => {
  const t = STRESS_TEMPLATES[i % STRESS_TEMPLATES.length]!;
  const base = `SIM${String(i + 1).padStart(2, '0')}`;
  return {
    symbol: `${base}USDT`,
    base,
    quote: 'USDT',
    tickSize: t.tickSize,
    lotSize: t.lotSize,
    quotePrecision: t.quotePrecision,
    minOrderQty: t.minOrderQty,
    maxOrderQty: t.maxOrderQty,
    minOrderAmt: '1',
    maxOrderAmt: '1000000',
    digitMerge: t.digitMerge,
    // Spread the start prices a little so the books do not look identical.
    startPrice: t.price * (1 + (i % 7) * 0.13),
    volatility: 0.8 + (i % 5) * 0.15,
    stressOnly: true,
  };
});

/** The symbols the exchange lists: the regular ones, plus the extra pairs under --stress. */
export function listedSymbols(stress: boolean): readonly SymbolDef[] {
  return stress ? [...SYMBOLS, ...STRESS_SYMBOLS] : SYMBOLS;
}
