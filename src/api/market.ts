import type { TickerRow } from '../core/market-rows.ts';
import type { SpotSymbol } from '../core/symbols.ts';
import { decodeInstrument } from '../protocol/bybit-v5/instrument.ts';
import { decodeTicker } from '../protocol/bybit-v5/ticker.ts';
import { requestJson, v5Result, ApiError, isRecord } from './http.ts';

/** GET /v5/market/instruments-info?category=spot, malformed rows dropped. */
export async function fetchSpotSymbols(base = '', signal?: AbortSignal): Promise<SpotSymbol[]> {
  const result = v5Result(await requestJson(`${base}/v5/market/instruments-info?category=spot`, { signal }));
  if (!Array.isArray(result.list)) throw new ApiError('bad instruments list', 'parse', 200);
  return result.list.map(decodeInstrument).filter((s): s is SpotSymbol => s !== undefined);
}

/**
 * GET /v5/market/tickers?category=spot: every symbol's ticker as of the answer's `time` (each row
 * read as the stream's ticker would be; malformed rows dropped).
 */
export async function fetchSpotTickers(signal?: AbortSignal): Promise<Map<string, TickerRow>> {
  const body = await requestJson('/v5/market/tickers?category=spot', { signal });
  const result = v5Result(body);
  if (!Array.isArray(result.list)) throw new ApiError('bad tickers list', 'parse', 200);
  const time = isRecord(body) ? body.time : undefined;
  const out = new Map<string, TickerRow>();
  for (const row of result.list) {
    const symbol = isRecord(row) && typeof row.symbol === 'string' ? row.symbol : '';
    const t = symbol ? decodeTicker(row, time, symbol) : null;
    if (t) out.set(symbol, t);
  }
  return out;
}
