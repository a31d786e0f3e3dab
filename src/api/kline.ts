import type { CandleInput } from '../core/chart/candle-series.ts';
import { DECIMAL_RE } from '../core/decimal.ts';
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

/** One v5 kline row [start, open, high, low, close, volume, turnover] → a candle, or null when malformed. */
export function toCandle(row: unknown): CandleInput | null {
  if (!Array.isArray(row) || row.length < 6) return null;
  const [start, open, high, low, close, volume] = row as unknown[];
  const t = typeof start === 'string' && /^\d{1,16}$/.test(start) ? Number(start) : NaN;
  if (!Number.isSafeInteger(t) || t <= 0) return null;
  for (const v of [open, high, low, close, volume]) if (typeof v !== 'string' || v.length > 40 || !DECIMAL_RE.test(v)) return null;
  return { start: t, open: open as string, high: high as string, low: low as string, close: close as string, volume: volume as string };
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
    const c = toCandle(result.list[i]);
    if (c) out.push(c);
  }
  return out;
}
