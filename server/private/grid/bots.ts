// Grid bots (spec 2.14, 3 "Grid overlay", 4.9): their records in SQLite and the authenticated list
// the page polls. Bots made by /v5/grid/create-grid run in grid/engine.ts; the seeded ones only show.
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { SYMBOL_BY_NAME } from '../../exchange/symbols.ts';
import { BOT_HISTORY_PAGE_SIZE, BOT_PAGE_SIZE } from '../../../src/core/constants.ts';
import { GRID_LIST_HISTORY, GRID_LIST_RUNNING, GRID_STATUS_JUST_COMPLETED, gridBotsAllowed, isGridType, MAX_GRID_NUMBER, MIN_GRID_NUMBER, type GridBotLabel, type GridType } from '../../../src/core/chart/grid-bot.ts';
import type { GridBotListResult, GridBotWire } from '../../../src/protocol/grid-bots.ts';
import { parseAmount } from '../../../src/core/decimal.ts';

/** A row of grid_bots: the wire fields the table stores as they are, plus owner and times. */
interface GridBotRow extends Pick<GridBotWire, 'bot_id' | 'symbol' | 'min_price' | 'max_price' | 'grid_number' | 'type' | 'status'> {
  user_id: number;
  created_time: number;
  updated_time: number;
}

export interface NewGridBot {
  botId: string;
  userId: number;
  symbol: string;
  minPrice: string;
  maxPrice: string;
  gridNumber: number;
  type: GridType;
  status: 2 | 3 | 5;
}

const LABEL_OF_STATUS: Record<number, GridBotLabel> = { [GRID_LIST_RUNNING]: 'RUNNING', [GRID_LIST_HISTORY]: 'COMPLETED', [GRID_STATUS_JUST_COMPLETED]: 'COMPLETED' };

/** Inserts one bot after checking its range; throws on a bad one (seed data and tests use it). */
export function insertGridBot(db: Db, b: NewGridBot, now = Date.now()): void {
  const min = parseAmount(b.minPrice);
  const max = parseAmount(b.maxPrice);
  if (!SYMBOL_BY_NAME.has(b.symbol)) throw new Error(`grid bot ${b.botId}: unknown symbol ${b.symbol}`);
  if (min === undefined || max === undefined || min <= 0n || max <= min) throw new Error(`grid bot ${b.botId}: min_price must be > 0 and below max_price`);
  if (!Number.isInteger(b.gridNumber) || b.gridNumber < MIN_GRID_NUMBER || b.gridNumber > MAX_GRID_NUMBER) throw new Error(`grid bot ${b.botId}: grid_number out of range`);
  db.prepare(
    `INSERT INTO grid_bots (bot_id, user_id, symbol, min_price, max_price, grid_number, type, status, created_time, updated_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(b.botId, b.userId, b.symbol, b.minPrice, b.maxPrice, b.gridNumber, b.type, b.status, now, now);
}

/** A bot's range and grid type as created (the detail shows them). */
export function gridBotRange(db: Db, botId: string): { min_price: string; max_price: string; type: string } {
  return db.prepare('SELECT min_price, max_price, type FROM grid_bots WHERE bot_id = ?').get(botId) as { min_price: string; max_price: string; type: string };
}

const ALICE_ID = 100001;
/** The seeded running bot's range: this far either side of BTC/USDT's simulated start price. */
const SEED_RANGE = 0.06;

/** Alice's bots: one running on BTC/USDT around the simulated price, one finished on ETH/USDT. */
export function seedGridBots(): NewGridBot[] {
  const btc = SYMBOL_BY_NAME.get('BTCUSDT')!;
  const eth = SYMBOL_BY_NAME.get('ETHUSDT')!;
  const decimals = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);
  const around = (start: number, tick: string, k: number) => Math.round(start * k).toFixed(decimals(tick));
  return [
    {
      botId: 'grid-100001-1', userId: ALICE_ID, symbol: 'BTCUSDT', type: 'grade', gridNumber: 12, status: GRID_LIST_RUNNING,
      minPrice: around(btc.startPrice, btc.tickSize, 1 - SEED_RANGE), maxPrice: around(btc.startPrice, btc.tickSize, 1 + SEED_RANGE),
    },
    {
      botId: 'grid-100001-2', userId: ALICE_ID, symbol: 'ETHUSDT', type: 'other', gridNumber: 8, status: GRID_LIST_HISTORY,
      minPrice: around(eth.startPrice, eth.tickSize, 0.9), maxPrice: around(eth.startPrice, eth.tickSize, 1.1),
    },
  ];
}

/** Seeds alice's bots once: when the table is empty and alice exists (an older data dir upgrades too). */
export function seedGridBotsIfEmpty(db: Db, now = Date.now()): boolean {
  const n = (db.prepare('SELECT COUNT(*) AS n FROM grid_bots').get() as { n: number }).n;
  if (n > 0 || !getUser(db, ALICE_ID)) return false;
  db.transaction(() => {
    for (const b of seedGridBots()) insertGridBot(db, b, now);
  })();
  return true;
}

/** A running bot's own figures (state label, profits, APR), when the engine has them. */
export type GridFigures = (botId: string) => Partial<GridBotWire>;

function wire(r: GridBotRow, figures?: GridFigures): GridBotWire {
  return {
    bot_id: r.bot_id, symbol: r.symbol, min_price: r.min_price, max_price: r.max_price, grid_number: r.grid_number,
    type: isGridType(r.type) ? r.type : 'grade', status: r.status, label: LABEL_OF_STATUS[r.status] ?? 'RUNNING',
    support: SYMBOL_BY_NAME.has(r.symbol), created_time: r.created_time, updated_time: r.updated_time,
    // A bot that never ran on this exchange (a seeded one) has no figures: empty, never a made-up 0.
    close_reason: r.status === GRID_LIST_RUNNING ? 'UNKNOWN' : 'CLOSED_MANUALLY', total_investment: '', grid_profit: '', total_profit: '', grid_apr: '', total_apr: '',
    arbitrage_num: 0, end_time: r.status === GRID_LIST_RUNNING ? 0 : r.updated_time,
    ...figures?.(r.bot_id),
  };
}

function listStatus(q: URLSearchParams): number {
  const raw = q.get('status');
  if (raw === null || raw === '') throw new ApiError(ERR.PARAM, 'Request parameter error: status is required (2 running, 3 history)');
  if (raw !== String(GRID_LIST_RUNNING) && raw !== String(GRID_LIST_HISTORY)) throw new ApiError(ERR.PARAM, 'Request parameter error: status must be 2 (running) or 3 (history)');
  return Number(raw);
}

function pageSize(q: URLSearchParams, status: number): number {
  const max = status === GRID_LIST_RUNNING ? BOT_PAGE_SIZE : BOT_HISTORY_PAGE_SIZE;
  const raw = q.get('pageSize');
  if (raw === null || raw === '') return max;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new ApiError(ERR.PARAM, `Request parameter error: pageSize must be 1-${max}`);
  return Number(raw);
}

/**
 * GET the user's grid bots: status 2 lists running ones (and those just completed, status 5),
 * status 3 the history; one symbol or all. Demo and copy-trading leader accounts have none (5.13).
 */
export function listGridBots(db: Db, userId: number, q: URLSearchParams, figures?: GridFigures): GridBotListResult {
  const status = listStatus(q);
  const size = pageSize(q, status);
  const symbol = q.get('symbol');
  if (symbol !== null && symbol !== '' && !SYMBOL_BY_NAME.has(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const user = getUser(db, userId);
  if (user?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
  if (!user || !gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: user.is_copy_leader === 1, isSubAccount: user.parent_id !== null }))
    throw new ApiError(ERR.PERMISSION, 'Grid bots are not available for copy-trading leader sub-accounts.', 403);
  const statuses = status === GRID_LIST_RUNNING ? [GRID_LIST_RUNNING, GRID_STATUS_JUST_COMPLETED] : [GRID_LIST_HISTORY];
  const where = [`user_id = ?`, `status IN (${statuses.map(() => '?').join(',')})`];
  const args: unknown[] = [userId, ...statuses];
  if (symbol) {
    where.push('symbol = ?');
    args.push(symbol);
  }
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM grid_bots WHERE ${where.join(' AND ')}`).get(...args) as { n: number }).n;
  const rows = db.prepare(`SELECT * FROM grid_bots WHERE ${where.join(' AND ')} ORDER BY created_time DESC, bot_id DESC LIMIT ?`).all(...args, size) as GridBotRow[];
  return { list: rows.map((r) => wire(r, figures)), total };
}
