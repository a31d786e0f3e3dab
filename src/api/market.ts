import type { SpotSymbol } from '../core/symbols.ts';
import { decodeInstrument } from '../protocol/bybit-v5/instrument.ts';
import { requestJson, v5Result, ApiError } from './http.ts';

/** GET /v5/market/instruments-info?category=spot, malformed rows dropped. */
export async function fetchSpotSymbols(base = '', signal?: AbortSignal): Promise<SpotSymbol[]> {
  const result = v5Result(await requestJson(`${base}/v5/market/instruments-info?category=spot`, { signal }));
  if (!Array.isArray(result.list)) throw new ApiError('bad instruments list', 'parse', 200);
  return result.list.map(decodeInstrument).filter((s): s is SpotSymbol => s !== undefined);
}
