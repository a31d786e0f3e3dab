import { decimalsOf, type SpotSymbol } from '../core/symbols.ts';
import { requestJson, v5Result, isRecord, ApiError } from './http.ts';

const DECIMAL = /^\d+(\.\d+)?$/;

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** One instruments-info row to a SpotSymbol, or undefined when it is malformed (it is skipped). */
export function toSpotSymbol(row: unknown): SpotSymbol | undefined {
  if (!isRecord(row) || !isRecord(row.lotSizeFilter) || !isRecord(row.priceFilter)) return undefined;
  const symbol = str(row.symbol);
  const base = str(row.baseCoin);
  const quote = str(row.quoteCoin);
  const tick = str(row.priceFilter.tickSize);
  const lot = str(row.lotSizeFilter.basePrecision);
  const quotePrec = str(row.lotSizeFilter.quotePrecision);
  const fields = [tick, lot, quotePrec, str(row.lotSizeFilter.minOrderQty), str(row.lotSizeFilter.maxOrderQty), str(row.lotSizeFilter.minOrderAmt), str(row.lotSizeFilter.maxOrderAmt)];
  if (!symbol || !base || !quote || fields.some((f) => f === undefined || !DECIMAL.test(f))) return undefined;
  return {
    symbolId: symbol,
    symbolName: symbol,
    baseTokenName: base,
    quoteTokenName: quote,
    tickSize: tick!,
    lotSize: lot!,
    pricePrecision: decimalsOf(tick!),
    quantityPrecision: decimalsOf(lot!),
    amountPrecision: decimalsOf(quotePrec!),
    minTradeQuantity: fields[3]!,
    maxTradeQuantity: fields[4]!,
    minTradeAmount: fields[5]!,
    maxTradeAmount: fields[6]!,
    digitMerge: typeof row.digitMerge === 'string' && row.digitMerge.length < 200 ? row.digitMerge : '',
    mark: row.innovation === '1' ? 'innovation' : '',
    tradeStatus: str(row.status) ?? 'Trading',
  };
}

/** GET /v5/market/instruments-info?category=spot, malformed rows dropped. */
export async function fetchSpotSymbols(base = '', signal?: AbortSignal): Promise<SpotSymbol[]> {
  const result = v5Result(await requestJson(`${base}/v5/market/instruments-info?category=spot`, { signal }));
  if (!Array.isArray(result.list)) throw new ApiError('bad instruments list', 'parse', 200);
  return result.list.map(toSpotSymbol).filter((s): s is SpotSymbol => s !== undefined);
}
