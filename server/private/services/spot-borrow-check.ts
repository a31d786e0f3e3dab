// GET /v5/order/spot-borrow-check (Bybit's "Borrow Quota (Spot)"): what the account may trade on one
// side of a pair, with and without borrowing. A buy spends the quote coin and a sell the base coin;
// `max*` adds what the margin engine would lend (spot margin on, unified account, a pair whose
// instruments-info says it trades on margin), `spotMax*` is the available balance alone. Converted
// at the price an order would meet now (the best ask for a buy, the best bid for a sell, else the
// last price). As Bybit's: quantities "up to 4 decimals" (floored to 0.0001, or to the pair's lot
// where that is coarser), amounts "up to 8 decimals" (floored).
import { amount, fxDiv, fxFloorTo, fxMul, fxPlain } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { marginTradingOf } from '../../exchange/symbols.ts';
import type { SpotBorrowCheckWire } from '../../../src/protocol/bybit-v5/margin.ts';
import type { MarginService } from '../engines/margin.ts';
import type { EngineSource } from '../engines/trading.ts';
import type { Ledger } from '../rows/ledger.ts';
import { referencePrice } from '../engines/lock-plan.ts';
import { marketOf } from '../market.ts';

const QTY_STEP = amount('0.0001');
const AMOUNT_STEP = amount('0.00000001');
const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

export function spotBorrowCheck(margin: MarginService, ledger: Ledger, engines: EngineSource, userId: number, q: URLSearchParams): SpotBorrowCheckWire {
  const category = q.get('category');
  if (category !== 'spot') throw param('category must be spot');
  const m = marketOf(q.get('symbol') ?? '');
  if (!m) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const side = q.get('side');
  if (side !== 'Buy' && side !== 'Sell') throw param('side must be Buy or Sell');
  const borrowCoin = side === 'Buy' ? m.quote : m.base;
  const free = ledger.get(userId, borrowCoin).available;
  const lend = marginTradingOf(m.def) === 'none' ? 0n : margin.borrowable(userId, borrowCoin);
  // No book and no trade yet: the margin engine's mark prices (each coin in USD).
  const quoteUsd = margin.priceOf(m.quote);
  const price = referencePrice(m, engines(m.symbol), side) ?? (quoteUsd > 0n ? fxDiv(margin.priceOf(m.base), quoteUsd) : 0n);
  const figures = (coins: bigint) => {
    // A buy's coins are quote (amount); a sell's are base (qty).
    const qty = side === 'Buy' ? (price > 0n ? fxDiv(coins, price) : 0n) : coins;
    const amt = side === 'Buy' ? coins : fxMul(coins, price);
    return { qty: fxPlain(fxFloorTo(qty, m.lot > QTY_STEP ? m.lot : QTY_STEP)), amount: fxPlain(fxFloorTo(amt, AMOUNT_STEP)) };
  };
  const all = figures(free + lend);
  const spot = figures(free);
  return { symbol: m.symbol, side, maxTradeQty: all.qty, maxTradeAmount: all.amount, spotMaxTradeQty: spot.qty, spotMaxTradeAmount: spot.amount, borrowCoin };
}
