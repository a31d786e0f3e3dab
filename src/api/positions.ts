// The user's spot positions (spec 7.2 queryPositions): one pair's for the chart's position line, all
// of them for the positions and P&L tabs; each decoded once, here.
import { DECIMAL_RE } from '../core/decimal.ts';
import type { Position } from '../core/positions.ts';
import { QUERY_POSITIONS_PATH, type PositionWire } from '../protocol/positions.ts';
import { isRecord, requestJson, v5Result } from './http.ts';

export type { Position } from '../core/positions.ts';

export type JsonPost = (url: string, body: unknown) => Promise<unknown>;

const dec = (v: unknown): string | null => (typeof v === 'string' && DECIMAL_RE.test(v) ? v : null);

/** One list item, or null when it is not a usable spot position. */
export function decodePosition(raw: unknown): Position | null {
  if (!isRecord(raw) || typeof raw.symbol !== 'string' || typeof raw.baseCoin !== 'string') return null;
  const w = raw as Partial<PositionWire>;
  const size = dec(w.size);
  const avgPrice = dec(w.avgPrice);
  if (size === null || avgPrice === null) return null;
  return { symbolId: raw.symbol, baseCoin: raw.baseCoin, size, avgPrice, cost: dec(w.positionValue), ...(w.side === 'Sell' ? { short: true } : {}) };
}

const postJson: JsonPost = (u, body) => requestJson(u, { method: 'POST', body });

/** Every position, largest value first (needSort 1); items that are not usable positions are left out. */
export async function fetchPositions(post: JsonPost = postJson): Promise<Position[]> {
  const r = v5Result(await post(QUERY_POSITIONS_PATH, { needSort: 1 }));
  return (Array.isArray(r.list) ? r.list : []).map(decodePosition).filter((p): p is Position => p !== null);
}

/** The holding (long position) of `symbol` for the chart's position line, or null when the user has none; a short shows in Positions. */
export async function fetchPosition(symbol: string, post: JsonPost = postJson): Promise<Position | null> {
  const r = v5Result(await post(QUERY_POSITIONS_PATH, { needSort: 0, symbol }));
  const list = Array.isArray(r.list) ? r.list : [];
  for (const item of list) {
    const p = decodePosition(item);
    if (p && p.symbolId === symbol && !p.short) return p;
  }
  return null;
}
