// The user's grid bots (spec 2.14, 3 "Grid overlay", 4.9), polled for the chart's grid range and
// the grid-bot orders panel.
import { GRID_BOT_LABELS, isGridType, type GridBot, type GridBotLabel } from '../core/chart/grid-bot.ts';

const SIGNED_RE = /^-?\d+(?:\.\d+)?$/;
import { DECIMAL_RE } from '../core/decimal.ts';
import { GRID_BOT_LIST_PATH } from '../protocol/grid-bots.ts';
import { isRecord, requestJson, v5Result } from './http.ts';

export type { GridBot } from '../core/chart/grid-bot.ts';

export type JsonGet = (url: string) => Promise<unknown>;

const dec = (v: unknown): string | null => (typeof v === 'string' && DECIMAL_RE.test(v) ? v : null);

/** One list item, or null when a field the chart needs is missing or malformed. */
export function decodeGridBot(raw: unknown): GridBot | null {
  if (!isRecord(raw) || typeof raw.bot_id !== 'string' || typeof raw.symbol !== 'string') return null;
  const minPrice = dec(raw.min_price);
  const maxPrice = dec(raw.max_price);
  const n = raw.grid_number;
  if (minPrice === null || maxPrice === null || typeof n !== 'number' || !Number.isInteger(n) || n < 1) return null;
  if (typeof raw.status !== 'number') return null;
  // A figure the exchange did not give (or gave malformed) is unknown (''), shown as such: never 0.
  const signed = (v: unknown): string => (typeof v === 'string' && SIGNED_RE.test(v) ? v : '');
  const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    botId: raw.bot_id, symbolId: raw.symbol, minPrice, maxPrice, gridNumber: n, type: isGridType(raw.type) ? raw.type : 'other', status: raw.status, support: raw.support !== false,
    label: (GRID_BOT_LABELS as readonly unknown[]).includes(raw.label) ? (raw.label as GridBotLabel) : raw.status === 3 ? 'COMPLETED' : 'RUNNING',
    closeReason: typeof raw.close_reason === 'string' ? raw.close_reason : 'UNKNOWN',
    totalInvestment: signed(raw.total_investment), gridProfit: signed(raw.grid_profit), totalProfit: signed(raw.total_profit),
    gridApr: signed(raw.grid_apr), totalApr: signed(raw.total_apr), arbitrageNum: int(raw.arbitrage_num), createdTime: int(raw.created_time), endTime: int(raw.end_time),
  };
}

/** Grid bots of one list (2 running, 3 history), for one symbol or all. */
export async function fetchGridBots(status: 2 | 3, symbol?: string, get: JsonGet = (u) => requestJson(u)): Promise<GridBot[]> {
  const q = new URLSearchParams({ status: String(status) });
  if (symbol) q.set('symbol', symbol);
  const r = v5Result(await get(`${GRID_BOT_LIST_PATH}?${q}`));
  const list = Array.isArray(r.list) ? r.list : [];
  return list.map(decodeGridBot).filter((b): b is GridBot => b !== null);
}
