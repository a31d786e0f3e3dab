// One row of GET /v5/market/instruments-info?category=spot: the wire type the exchange writes
// (server/exchange/rest/market-routes.ts) and the page's decoder into a SpotSymbol.
import { decimalsOf, type SpotSymbol } from '../../core/symbols.ts';
import { isObj } from './checks.ts';

export interface InstrumentWire {
  /** Bybit's numeric id of the pair (its place in the exchange's list). */
  symbolId: number;
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  innovation: '0' | '1';
  status: string;
  marginTrading: string;
  stTag: string;
  lotSizeFilter: {
    basePrecision: string;
    quotePrecision: string;
    minOrderQty: string;
    maxOrderQty: string;
    minOrderAmt: string;
    maxOrderAmt: string;
    maxLimitOrderQty: string;
    maxMarketOrderQty: string;
    postOnlyMaxLimitOrderSize: string;
  };
  priceFilter: { tickSize: string };
  riskParameters: { priceLimitRatioX: string; priceLimitRatioY: string };
  symbolType: string;
  /** Local extension: when a PreLaunch symbol opens. */
  launchTime: string;
  /** Local extension: the order book's merge steps (spec 3, digitMerge); Bybit has no such field. */
  digitMerge: string;
  /** Local extension (spec 3 Symbol flags, 4.4): the exchange refuses buys / sells of this symbol. */
  isBanBuy: boolean;
  isBanSell: boolean;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** One instruments-info row to a SpotSymbol, or undefined when it is malformed (it is skipped). */
export function decodeInstrument(row: unknown): SpotSymbol | undefined {
  if (!isObj(row) || !isObj(row.lotSizeFilter) || !isObj(row.priceFilter)) return undefined;
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
    mark: row.symbolType === 'adventure' ? 'adventure' : row.symbolType === 'innovation' || row.innovation === '1' ? 'innovation' : '',
    tradeStatus: str(row.status) ?? 'Trading',
    isBanBuy: row.isBanBuy === true,
    isBanSell: row.isBanSell === true,
    margin: typeof row.marginTrading === 'string' && row.marginTrading !== '' && row.marginTrading !== 'none',
  };
}
