import type { CandleInput } from '../core/chart/candle-series.ts';
import { decodeKlineRow } from '../protocol/bybit-v5/kline.ts';
import { ApiError, requestJson, v5Result } from './http.ts';

/** Candles per request (spec 9). */
export const KLINE_PAGE_SIZE = 500;

export interface KlineRequest {
  symbol: string;
  /** v5 interval name ('1s', '1', … 'D', 'W', 'M'). */
  interval: string;
  limit?: number;
  /** Newest candle start to include (ms); omitted for the latest page. */
  end?: number;
  signal?: AbortSignal;
  base?: string;
}

/**
 * GET /v5/market/kline: one page of candles, returned oldest first (the exchange sends newest
 * first). Malformed rows are skipped; a bad envelope or list is an ApiError.
 */
export async function fetchKlinePage(req: KlineRequest): Promise<CandleInput[]> {
  const q = new URLSearchParams({ category: 'spot', symbol: req.symbol, interval: req.interval, limit: String(req.limit ?? KLINE_PAGE_SIZE) });
  if (req.end !== undefined) q.set('end', String(Math.floor(req.end)));
  const result = v5Result(await requestJson(`${req.base ?? ''}/v5/market/kline?${q}`, { signal: req.signal }));
  if (!Array.isArray(result.list)) throw new ApiError('bad kline list', 'parse', 200);
  const out: CandleInput[] = [];
  for (let i = result.list.length - 1; i >= 0; i--) {
    const c = decodeKlineRow(result.list[i]);
    if (c) out.push(c);
  }
  return out;
}
