// The page's rows of the public streams, as the decoders (src/protocol/bybit-v5/) make them.
// Prices and sizes stay decimal strings: they are shown, never computed with on the way.

export interface TradeRow {
  id: string;
  time: number;
  price: string;
  qty: string;
  /** True when the taker bought (spec 3 "Trade row": m buy flag). */
  buy: boolean;
}

export interface TickerRow {
  symbol: string;
  lastPrice: string;
  highPrice24h: string;
  lowPrice24h: string;
  prevPrice24h: string;
  volume24h: string;
  turnover24h: string;
  /** 24 h change as a ratio string, e.g. "-0.0123". */
  price24hPcnt: string;
  usdIndexPrice: string;
  nav: string | null;
  ts: number;
}

export interface CandleRow {
  start: number;
  end: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
  confirm: boolean;
}
