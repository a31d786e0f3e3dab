// POST /unified/integrated/v5/queryPositions (spec 7.2) for spot: per pair, the part of the base-coin
// holding the user's fills account for, at its average cost (src/core/chart/position.ts), read
// from the executions table and the ledger as they are now.
import type { Db } from '../../accounts/db.ts';
import { fx, fxDiv, fxPlain, fxText } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { SYMBOLS } from '../../exchange/symbols.ts';
import { positionFromFills, spotPosition, type PositionFill } from '../../../src/core/chart/position.ts';
import type { ClosedPnlWire, PositionWire } from '../../../src/protocol/positions.ts';
import { cursorOffset, intParam, page, timeWindow } from './queries.ts';
import type { Ledger } from '../rows/ledger.ts';
import { marketOf } from '../market.ts';

interface FillRow {
  symbol: string;
  side: string;
  exec_qty: string;
  exec_value: string;
  exec_fee: string;
  fee_currency: string;
  exec_time: number;
  order_id: string;
  /** What the fill's order borrowed when placed (a leveraged sell's short base). */
  borrowed: string;
  order_qty: string;
  market_unit: string;
}

/** The columns every fold reads: the fill and what its order borrowed. */
const FILL_COLUMNS = 'e.symbol, e.side, e.exec_qty, e.exec_value, e.exec_fee, e.fee_currency, e.exec_time, e.order_id, o.borrowed, o.qty AS order_qty, o.market_unit';

const amountOf = (s: string): bigint => fx(s) ?? 0n;

/**
 * One pair's fills (oldest first) for the fold, each sell with the part of it sold on borrowed base
 * (a short): an order sells its own coins first, then what it borrowed, so of an order that
 * borrowed B of its Q base, the fills beyond Q − B are short. (A market sell by value has no base
 * quantity: its fills' total stands for Q.) What a cancel left unused went back to the pool.
 */
function foldFills(list: readonly FillRow[]): PositionFill[] {
  const filled = new Map<string, bigint>();
  for (const r of list) if (r.side === 'Sell' && amountOf(r.borrowed) > 0n) filled.set(r.order_id, (filled.get(r.order_id) ?? 0n) + amountOf(r.exec_qty));
  const before = new Map<string, bigint>();
  return list.map((r): PositionFill => {
    const f: PositionFill = { side: r.side === 'Sell' ? 'Sell' : 'Buy', qty: r.exec_qty, value: r.exec_value, fee: r.exec_fee, feeCoin: r.fee_currency };
    const borrowed = amountOf(r.borrowed);
    if (f.side !== 'Sell' || borrowed <= 0n) return f;
    const total = r.market_unit === 'quoteCoin' ? (filled.get(r.order_id) ?? 0n) : amountOf(r.order_qty);
    const own = total - borrowed;
    const done = before.get(r.order_id) ?? 0n;
    const q = amountOf(r.exec_qty);
    before.set(r.order_id, done + q);
    const short = done + q - (own > done ? own : done);
    return short > 0n ? { ...f, borrowed: fxPlain(short) } : f;
  });
}

/** What the account owes of `coin` (principal): a short is never more than the loan it stands for. */
function owedOf(db: Db, userId: number, coin: string): bigint {
  const r = db.prepare('SELECT amount FROM liabilities WHERE user_id = ? AND coin = ?').get(userId, coin) as { amount: string } | undefined;
  return r ? amountOf(r.amount) : 0n;
}

function body(b: Record<string, unknown>): { symbol?: string; needSort: 0 | 1 } {
  const ns = b.needSort;
  if (ns !== undefined && ns !== 0 && ns !== 1 && ns !== '0' && ns !== '1') throw new ApiError(ERR.PARAM, 'Request parameter error: needSort must be 0 or 1');
  const sym = b.symbol;
  if (sym !== undefined && sym !== '' && (typeof sym !== 'string' || !marketOf(sym))) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  return { ...(typeof sym === 'string' && sym !== '' ? { symbol: sym } : {}), needSort: ns === 1 || ns === '1' ? 1 : 0 };
}

/**
 * A grid bot trades with coins of its own (its investment, on Bybit a bot account of its own): its
 * fills make no position of the user's and close none, and its figures are the bot's (issue 32
 * walkthrough: Positions offered to sell a running bot's coins at market).
 */
const NOT_A_BOTS = "o.create_type NOT IN ('CreateBySpotGridBot', 'CreateByFGridBot')";

/** The user's spot positions: one symbol's, or every pair with one. */
export function queryPositions(db: Db, ledger: Ledger, userId: number, raw: Record<string, unknown>): { category: 'spot'; list: PositionWire[] } {
  const { symbol, needSort } = body(raw);
  const rows = db
    .prepare(
      `SELECT ${FILL_COLUMNS}
       FROM executions e JOIN orders o ON o.order_id = e.order_id
       WHERE e.user_id = ? ${symbol ? 'AND e.symbol = ?' : ''} AND ${NOT_A_BOTS} ORDER BY e.exec_time, e.seq, e.exec_id`,
    )
    .all(...(symbol ? [userId, symbol] : [userId])) as FillRow[];
  const bySymbol = new Map<string, { rows: FillRow[]; last: number }>();
  for (const r of rows) {
    const e = bySymbol.get(r.symbol) ?? { rows: [], last: 0 };
    e.rows.push(r);
    e.last = Math.max(e.last, r.exec_time);
    bySymbol.set(r.symbol, e);
  }
  const list: PositionWire[] = [];
  for (const def of SYMBOLS) {
    const e = bySymbol.get(def.symbol);
    const m = marketOf(def.symbol);
    if (!e || !m) continue;
    const b = ledger.get(userId, m.base);
    const wallet = fxPlain(b.available + b.locked);
    const fills = foldFills(e.rows);
    const p = spotPosition(fills, m.base, m.quote, wallet, m.priceDecimals);
    if (p.avgPrice !== null) {
      list.push({
        symbol: def.symbol, category: 'spot', baseCoin: m.base, quoteCoin: m.quote, side: 'Buy', size: p.size, avgPrice: p.avgPrice,
        positionValue: p.cost, walletBalance: wallet, updatedTime: e.last,
      });
    }
    // A short (fourth walkthrough: a margin sell beyond the free base was no position at all): the
    // base sold on borrowed coins and not bought back, never more than the loan still owed.
    const f = positionFromFills(fills, m.base, m.quote);
    const owed = owedOf(db, userId, m.base);
    const size = f.shortQty < owed ? f.shortQty : owed;
    if (size > 0n) {
      const value = (f.shortValue * size) / f.shortQty;
      list.push({
        symbol: def.symbol, category: 'spot', baseCoin: m.base, quoteCoin: m.quote, side: 'Sell', size: fxPlain(size),
        avgPrice: fxText(fxDiv(value, size), m.priceDecimals, 'half-up'), positionValue: fxPlain(value), walletBalance: wallet, updatedTime: e.last,
      });
    }
  }
  if (needSort === 1) list.sort((a, b) => (costOf(b) > costOf(a) ? 1 : costOf(b) < costOf(a) ? -1 : 0));
  return { category: 'spot', list };
}

/** needSort 1: largest cost first, in the pair's own quote coin (a local exchange's simple order). */
const costOf = (p: PositionWire): bigint => fx(p.positionValue) ?? 0n;

interface ClosingRow extends FillRow {
  exec_id: string;
  order_type: string;
}

/**
 * GET /v5/position/closed-pnl for spot: each sell fill that took coins out of a position and each
 * buy fill that bought a short back, newest
 * first, within Bybit's 7-day window (startTime/endTime; default the last 7 days), limit 1–100
 * (default 50). The average cost needs every earlier fill, so each pair's fills fold from its first.
 */
export function closedPnl(db: Db, userId: number, q: URLSearchParams): { category: 'spot'; list: ClosedPnlWire[]; nextPageCursor: string } {
  if (q.get('category') !== 'spot') throw new ApiError(ERR.PARAM, 'Request parameter error: category must be spot');
  const symbol = q.get('symbol') || undefined;
  if (symbol && !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const [start, end] = timeWindow(q);
  const limit = intParam(q, 'limit', 1, 100, 50);
  const offset = cursorOffset(q);
  const rows = db
    .prepare(
      `SELECT ${FILL_COLUMNS}, e.exec_id, o.order_type
       FROM executions e JOIN orders o ON o.order_id = e.order_id
       WHERE e.user_id = ? ${symbol ? 'AND e.symbol = ?' : ''} AND ${NOT_A_BOTS} AND e.exec_time <= ? ORDER BY e.exec_time, e.seq, e.exec_id`,
    )
    .all(...(symbol ? [userId, symbol, end] : [userId, end])) as ClosingRow[];
  const bySymbol = new Map<string, ClosingRow[]>();
  for (const r of rows) {
    const list = bySymbol.get(r.symbol);
    if (list) list.push(r);
    else bySymbol.set(r.symbol, [r]);
  }
  const out: ClosedPnlWire[] = [];
  for (const [sym, list] of bySymbol) {
    const m = marketOf(sym);
    if (!m) continue;
    const closed = (index: number, side: 'Buy' | 'Sell', qty: bigint, entry: bigint, exit: bigint, pnl: bigint) => {
      const r = list[index]!;
      if (r.exec_time < start) return;
      const price = (v: bigint) => fxText(fxDiv(v, qty), m.priceDecimals, 'half-up');
      const time = String(r.exec_time);
      out.push({
        symbol: sym, orderId: r.order_id, side, qty: fxPlain(qty), closedSize: fxPlain(qty), avgEntryPrice: price(entry), avgExitPrice: price(exit),
        cumEntryValue: fxPlain(entry), cumExitValue: fxPlain(exit), closedPnl: fxPlain(pnl), orderType: r.order_type,
        execType: 'Trade', fillCount: '1', leverage: '1', createdTime: time, updatedTime: time,
      });
    };
    // A sell closing a long realises what it fetched less the cost; a buy closing a short what the
    // short sale fetched less what buying back cost (Bybit's closed-pnl of a short's closing buy).
    positionFromFills(
      foldFills(list), m.base, m.quote,
      (s) => closed(s.index, 'Sell', s.qty, s.cost, s.proceeds, s.proceeds - s.cost),
      (c) => closed(c.index, 'Buy', c.qty, c.entry, c.cost, c.entry - c.cost),
    );
  }
  out.sort((a, b) => Number(b.updatedTime) - Number(a.updatedTime));
  return { category: 'spot', ...page(out.slice(offset, offset + limit + 1), offset, limit) };
}
