// Bybit v5 `tickers.{symbol}` (spot): the wire type, the exchange's encoder and the page's decoder.
import type { TickerRow } from '../../core/market-rows.ts';
import { dec, decOrEmpty, isObj, signedDec, time } from './checks.ts';

/** The page's row (core/market-rows.ts) as Bybit writes it: the same fields, nav and its time optional. */
export type SpotTickerData = Omit<TickerRow, 'nav' | 'ts'> & {
  /** Leveraged tokens only (local-exchange extension): net asset value and its time. */
  nav?: string;
  navTime?: string;
  leverage?: string;
};

export interface TickerWire {
  topic: string;
  ts: number;
  type: 'snapshot';
  cs: number;
  data: SpotTickerData;
}

/** The ticker's data object as JSON (the exchange compares it to skip unchanged pushes). */
export const encodeTickerData = (d: SpotTickerData): string => JSON.stringify(d);

/** One tickers message around already encoded data. */
export function encodeTicker(topic: string, ts: number, cs: number, dataJson: string): string {
  return `{"topic":"${topic}","ts":${ts},"type":"snapshot","cs":${cs},"data":${dataJson}}`;
}

export function decodeTicker(data: unknown, ts: unknown, symbol: string): TickerRow | null {
  if (!isObj(data) || data.symbol !== symbol || !time(ts)) return null;
  const d = data;
  if (!dec(d.lastPrice) || !decOrEmpty(d.highPrice24h) || !decOrEmpty(d.lowPrice24h) || !decOrEmpty(d.prevPrice24h)) return null;
  if (!decOrEmpty(d.volume24h) || !decOrEmpty(d.turnover24h) || !(d.price24hPcnt === '' || signedDec(d.price24hPcnt))) return null;
  if (d.usdIndexPrice !== undefined && !decOrEmpty(d.usdIndexPrice)) return null;
  if (d.nav !== undefined && !dec(d.nav)) return null;
  return {
    symbol,
    lastPrice: d.lastPrice,
    highPrice24h: d.highPrice24h,
    lowPrice24h: d.lowPrice24h,
    prevPrice24h: d.prevPrice24h,
    volume24h: d.volume24h,
    turnover24h: d.turnover24h,
    price24hPcnt: d.price24hPcnt as string,
    usdIndexPrice: (d.usdIndexPrice as string | undefined) ?? '',
    nav: (d.nav as string | undefined) ?? null,
    ts,
  };
}
