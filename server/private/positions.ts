// POST /unified/integrated/v5/queryPositions (spec 7.2) for spot: per pair, the part of the base-coin
// holding the user's fills account for, at its average cost (src/core/chart/position.ts), read
// from the executions table and the ledger as they are now.
import type { Db } from '../accounts/db.ts';
import { fx, fxPlain } from '../../src/core/decimal.ts';
import { ApiError, ERR } from '../auth/errors.ts';
import { SYMBOLS } from '../exchange/symbols.ts';
import { spotPosition, type PositionFill } from '../../src/core/chart/position.ts';
import type { PositionWire } from '../../src/protocol/positions.ts';
import type { Ledger } from './ledger.ts';
import { marketOf } from './market.ts';

interface FillRow {
  symbol: string;
  side: string;
  exec_qty: string;
  exec_value: string;
  exec_fee: string;
  fee_currency: string;
  exec_time: number;
}

function body(b: Record<string, unknown>): { symbol?: string; needSort: 0 | 1 } {
  const ns = b.needSort;
  if (ns !== undefined && ns !== 0 && ns !== 1 && ns !== '0' && ns !== '1') throw new ApiError(ERR.PARAM, 'Request parameter error: needSort must be 0 or 1');
  const sym = b.symbol;
  if (sym !== undefined && sym !== '' && (typeof sym !== 'string' || !marketOf(sym))) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  return { ...(typeof sym === 'string' && sym !== '' ? { symbol: sym } : {}), needSort: ns === 1 || ns === '1' ? 1 : 0 };
}

/** The user's spot positions: one symbol's, or every pair with one. */
export function queryPositions(db: Db, ledger: Ledger, userId: number, raw: Record<string, unknown>): { category: 'spot'; list: PositionWire[] } {
  const { symbol, needSort } = body(raw);
  const rows = db
    .prepare(`SELECT symbol, side, exec_qty, exec_value, exec_fee, fee_currency, exec_time FROM executions WHERE user_id = ? ${symbol ? 'AND symbol = ?' : ''} ORDER BY exec_time, seq, exec_id`)
    .all(...(symbol ? [userId, symbol] : [userId])) as FillRow[];
  const bySymbol = new Map<string, { fills: PositionFill[]; last: number }>();
  for (const r of rows) {
    const e = bySymbol.get(r.symbol) ?? { fills: [], last: 0 };
    e.fills.push({ side: r.side === 'Sell' ? 'Sell' : 'Buy', qty: r.exec_qty, value: r.exec_value, fee: r.exec_fee, feeCoin: r.fee_currency });
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
    const p = spotPosition(e.fills, m.base, m.quote, wallet, m.priceDecimals);
    if (p.avgPrice === null) continue;
    list.push({
      symbol: def.symbol, category: 'spot', baseCoin: m.base, quoteCoin: m.quote, side: 'Buy', size: p.size, avgPrice: p.avgPrice,
      positionValue: p.cost, walletBalance: wallet, updatedTime: e.last,
    });
  }
  if (needSort === 1) list.sort((a, b) => (costOf(b) > costOf(a) ? 1 : costOf(b) < costOf(a) ? -1 : 0));
  return { category: 'spot', list };
}

/** needSort 1: largest cost first, in the pair's own quote coin (a local exchange's simple order). */
const costOf = (p: PositionWire): bigint => fx(p.positionValue) ?? 0n;
