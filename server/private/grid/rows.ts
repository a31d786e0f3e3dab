// The rows of a running grid (grid_runs, grid_cells, grid_pairs) and their small reads and writes.
import type { Db } from '../../accounts/db.ts';
import type { GridBotLabel } from '../../../src/core/chart/grid-bot.ts';
import type { GridCloseReason } from '../../../src/protocol/grid-bots.ts';
import { amount, fxPlain } from '../../../src/core/decimal.ts';

export interface RunRow {
  bot_id: string;
  user_id: number;
  symbol: string;
  state: GridBotLabel;
  close_reason: GridCloseReason;
  close_mode: number;
  invest_mode: number;
  quote_investment: string;
  base_investment: string;
  total_investment: string;
  start_price: string;
  entry_price: string;
  stop_loss: string;
  take_profit: string;
  ts_percent: string;
  enable_trailing: number;
  limit_up_price: string;
  /** JSON array of every level price ever used (trailing up appends); active cells are [shift, shift + n). */
  levels: string;
  shift: number;
  /** The bot's own funds outside its orders (the user's available balance holds them). */
  quote_free: string;
  base_free: string;
  high_price: string;
  created_time: number;
  run_time: number;
  end_time: number;
  /** The last price when the bot closed (set in the close's transaction): its figures after that are at this price. */
  end_price?: string;
}

export interface CellRow {
  bot_id: string;
  /** Absolute index: buys at levels[cell], sells at levels[cell + 1]. */
  cell: number;
  sell_qty: string;
  buy_qty: string;
  side: 'Buy' | 'Sell';
  /** The live order; '' while the next one is being placed; '-' when the cell gave up (no funds). */
  order_id: string;
  /** Counts the cell's orders: the next one's orderLinkId is made from it, so a retry finds it. */
  gen: number;
  /** What the base this cell holds cost, in quote (for the matched pair's profit). */
  cost: string;
}

export const ACTIVE_STATES: readonly GridBotLabel[] = ['NEW', 'AWAIT_ACTIVATION', 'INITIALIZING', 'RUNNING', 'CANCELLING'];

export const getRun = (db: Db, botId: string): RunRow | undefined => db.prepare('SELECT * FROM grid_runs WHERE bot_id = ?').get(botId) as RunRow | undefined;

export function updateRun(db: Db, botId: string, fields: Partial<RunRow>): void {
  const keys = Object.keys(fields);
  if (keys.length === 0) return;
  db.prepare(`UPDATE grid_runs SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE bot_id = @bot_id`).run({ ...fields, bot_id: botId });
}

export function insertRun(db: Db, r: RunRow): void {
  const keys = Object.keys(r);
  db.prepare(`INSERT INTO grid_runs (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`).run(r);
}

export const cellsOf = (db: Db, botId: string): CellRow[] => db.prepare('SELECT * FROM grid_cells WHERE bot_id = ? ORDER BY cell').all(botId) as CellRow[];
export const cellByOrder = (db: Db, orderId: string): CellRow | undefined => db.prepare('SELECT * FROM grid_cells WHERE order_id = ?').get(orderId) as CellRow | undefined;

export function upsertCell(db: Db, c: CellRow): void {
  db.prepare(
    `INSERT INTO grid_cells (bot_id, cell, sell_qty, buy_qty, side, order_id, gen, cost) VALUES (@bot_id, @cell, @sell_qty, @buy_qty, @side, @order_id, @gen, @cost)
     ON CONFLICT(bot_id, cell) DO UPDATE SET sell_qty = excluded.sell_qty, buy_qty = excluded.buy_qty, side = excluded.side, order_id = excluded.order_id, gen = excluded.gen, cost = excluded.cost`,
  ).run(c);
}

export const deleteCell = (db: Db, botId: string, cell: number): void => void db.prepare('DELETE FROM grid_cells WHERE bot_id = ? AND cell = ?').run(botId, cell);

export function insertPair(db: Db, botId: string, cell: number, sellOrderId: string, profit: bigint, time: number): void {
  db.prepare('INSERT OR IGNORE INTO grid_pairs (bot_id, cell, sell_order_id, profit, time) VALUES (?, ?, ?, ?, ?)').run(botId, cell, sellOrderId, fxPlain(profit), time);
}

/** Matched pairs: their count, the count since `since`, and the summed profit. */
export function pairStats(db: Db, botId: string, since: number): { count: number; count24: number; profit: bigint } {
  const rows = db.prepare('SELECT profit, time FROM grid_pairs WHERE bot_id = ?').all(botId) as Array<{ profit: string; time: number }>;
  let profit = 0n;
  let count24 = 0;
  for (const r of rows) {
    profit += r.profit.startsWith('-') ? -amount(r.profit.slice(1)) : amount(r.profit);
    if (r.time >= since) count24++;
  }
  return { count: rows.length, count24, profit };
}

export const levelsOf = (r: RunRow): bigint[] => (JSON.parse(r.levels) as string[]).map(amount);
export const levelsText = (levels: readonly bigint[]): string => JSON.stringify(levels.map((v) => fxPlain(v)));
/** A signed stored amount. */
export const signed = (s: string): bigint => (s.startsWith('-') ? -amount(s.slice(1)) : amount(s === '' ? '0' : s));
