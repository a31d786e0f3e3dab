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

/** How long a prefetched first page waits to be taken before it is read again instead. */
const PREFETCH_FRESH_MS = 10_000;
const prefetched = new Map<string, { at: number; rows: Promise<CandleInput[]> }>();
const firstPageKey = (req: KlineRequest) => `${req.symbol}|${req.interval}|${req.limit ?? KLINE_PAGE_SIZE}`;

/**
 * Starts reading the latest page of candles before the chart asks for it (issue 37 item 4: the
 * chart's code and the candles came one after the other); the chart's first fetchKlinePage of the
 * same symbol, interval and size takes this answer, once, if it is at most 10 s old.
 */
export function prefetchKlinePage(req: Omit<KlineRequest, 'end' | 'signal' | 'base'>): void {
  const key = firstPageKey(req);
  const had = prefetched.get(key);
  if (had && Date.now() - had.at < PREFETCH_FRESH_MS) return;
  const rows = readKlinePage(req);
  rows.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), rows });
}

/**
 * GET /v5/market/kline: one page of candles, returned oldest first (the exchange sends newest
 * first). Malformed rows are skipped; a bad envelope or list is an ApiError.
 */
export async function fetchKlinePage(req: KlineRequest): Promise<CandleInput[]> {
  if (req.end === undefined && !req.base) {
    const key = firstPageKey(req);
    const early = prefetched.get(key);
    prefetched.delete(key);
    if (early && Date.now() - early.at < PREFETCH_FRESH_MS) {
      try {
        return await early.rows;
      } catch {
        // Read again below: the chart's own request says what went wrong, if it still does.
      }
    }
  }
  return readKlinePage(req);
}

async function readKlinePage(req: KlineRequest): Promise<CandleInput[]> {
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
