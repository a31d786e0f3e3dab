// Bybit's spot-grid endpoints (next-features 1.2): validate-input without login, create-grid,
// query-grid-detail and close-grid for the signed-in user. A refusal answers its grid status code
// (400 params, 401 balance, 404 not found, 405 cannot close) as retCode and as result.status_code.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { jsonBody, plainDecimal, plainInt } from '../../http/request.ts';
import { AMOUNT, FLAG, object, text, type Schema } from '../../http/schemas.ts';
import { FX_ONE, fxMul, fxPlain, fxText } from '../../../src/core/decimal.ts';
import { gridBotsAllowed } from '../../../src/core/chart/grid-bot.ts';
import {
  GRID_CHECK_OK, GRID_CLOSE_MODES, GRID_CLOSE_PATH, GRID_CREATE_PATH, GRID_DETAIL_PATH, GRID_STATUS, GRID_VALIDATE_PATH, type GridBotWire, type GridCloseMode, type GridDetailWire,
} from '../../../src/protocol/grid-bots.ts';
import { refuseWhileUpgrading } from '../services/market-gates.ts';
import { marketOf } from '../market.ts';
import { getOrder } from '../rows/orders.ts';
import { isFinalStatus } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import { orderReturns, type GridEngine } from './engine.ts';
import { validateGrid, type GridParams } from './plan.ts';
import { cellsOf, getRun, levelsOf, pairStats, signed, type RunRow } from './rows.ts';

const OPT: Schema = { ...AMOUNT, type: ['string', 'number', 'null'] };
const GRID_BODY = object(
  {
    symbol: text(32), min_price: AMOUNT, max_price: AMOUNT, cell_number: { type: ['integer', 'string'], maxLength: 4 }, grid_type: FLAG, invest_mode: FLAG,
    quote_investment: OPT, base_investment: OPT, entry_price: OPT, stop_loss_price: OPT, stop_loss: OPT, take_profit_price: OPT, take_profit: OPT, ts_percent: OPT,
    enable_trailing: FLAG, limit_up_price: OPT,
  },
  ['symbol', 'min_price', 'max_price', 'cell_number'],
);
const ID_BODY = object({ grid_id: { type: ['string', 'integer'], maxLength: 32 }, bot_id: { type: ['string', 'integer'], maxLength: 32 }, close_mode: FLAG });

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** A refusal with its grid status code, and what the result carries besides. */
export class GridFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
const bad = (msg: string) => new GridFailure(GRID_STATUS.PARAM, msg);

function amountOf(body: Record<string, unknown>, name: string, required = false): bigint | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') {
    if (required) throw bad(`${name} is required`);
    return undefined;
  }
  const n = plainDecimal(v);
  if (n === undefined) throw bad(`${name} must be a plain decimal such as 0.5`);
  return n;
}

/** An optional whole-number field: its fallback when absent, undefined when not plain decimal digits. */
function optInt(v: unknown, fallback: number): number | undefined {
  return v === undefined || v === null || v === '' ? fallback : plainInt(v);
}

/** The request body as grid parameters; throws 400 for what no range can judge (a bad number, an unknown symbol). */
export function parseGrid(body: Record<string, unknown>): GridParams {
  const market = typeof body.symbol === 'string' ? marketOf(body.symbol) : undefined;
  if (!market) throw bad('symbol is not a spot symbol');
  // Plain decimal digits only: "0x10", "1e1", " 16" or "+16" are not 16.
  const cells = plainInt(body.cell_number);
  if (cells === undefined) throw bad('cell_number must be a whole number in plain decimal digits');
  const mode = optInt(body.invest_mode, 0);
  if (mode !== 0 && mode !== 1 && mode !== 2) throw bad('invest_mode must be 0, 1 or 2');
  const type = optInt(body.grid_type, 1);
  if (type !== 1 && type !== 2) throw bad('grid_type must be 1 (arithmetic) or 2 (geometric)');
  const minPrice = amountOf(body, 'min_price', true)!;
  const maxPrice = amountOf(body, 'max_price', true)!;
  for (const [name, v] of [['min_price', minPrice], ['max_price', maxPrice]] as const) if (v % market.tick !== 0n) throw bad(`${name} must be a multiple of the tick size ${market.def.tickSize}`);
  const quote = amountOf(body, 'quote_investment', mode !== 1) ?? 0n;
  const base = amountOf(body, 'base_investment', mode !== 0) ?? 0n;
  if (mode === 0 && base > 0n) throw bad('base_investment is for invest_mode 1 or 2');
  if (mode === 1 && quote > 0n) throw bad('quote_investment is for invest_mode 0 or 2');
  const flag = body.enable_trailing;
  const p: GridParams = {
    market, kind: type === 2 ? 'other' : 'grade', minPrice, maxPrice, cells, investMode: mode, quoteInvestment: quote, baseInvestment: base,
    enableTrailing: flag === true || flag === 1 || flag === '1' || flag === 'true',
  };
  const opt = (key: keyof GridParams, ...names: string[]) => {
    for (const n of names) {
      const v = amountOf(body, n);
      if (v !== undefined) return Object.assign(p, { [key]: v });
    }
    return p;
  };
  opt('entryPrice', 'entry_price');
  opt('stopLoss', 'stop_loss_price', 'stop_loss');
  opt('takeProfit', 'take_profit_price', 'take_profit');
  opt('tsPercent', 'ts_percent');
  opt('limitUpPrice', 'limit_up_price');
  return p;
}

const ratioText = (v: bigint) => fxText(v, 6);

/** Equity now (quote), counting open orders as if they ended now and base at `last`. */
function equityOf(db: Db, run: RunRow, last: bigint): bigint {
  let quote = signed(run.quote_free);
  let base = signed(run.base_free);
  if (run.state !== 'COMPLETED' && run.state !== 'REJECTED') {
    for (const c of cellsOf(db, run.bot_id)) {
      const row = c.order_id && c.order_id !== '-' && !c.order_id.startsWith('pending:') ? getOrder(db, c.order_id) : undefined;
      if (!row || isFinalStatus(row.status)) continue;
      const r = orderReturns(row);
      quote += r.quote;
      base += r.base;
    }
  }
  return quote + fxMul(base, last);
}

/** The figures of a run: profits, APRs, pairs. A completed bot's equity is what it ended with, at the last price. */
export function runFigures(db: Db, run: RunRow, last: bigint, now: number) {
  const inv = signed(run.total_investment);
  const pairs = pairStats(db, run.bot_id, now - DAY);
  // A rejected bot never held anything: no equity of its own, no profit or loss.
  const equity = run.state === 'REJECTED' ? inv : equityOf(db, run, last);
  const total = equity - inv;
  const span = run.run_time > 0 ? (run.end_time || now) - run.run_time : 0;
  const apr = (p: bigint) => (inv > 0n && span > 0 ? (p * FX_ONE * BigInt(YEAR)) / (inv * BigInt(span)) : 0n);
  const per = inv > 0n ? (total * FX_ONE) / inv : 0n;
  return { inv, equity, total, grid: pairs.profit, count: pairs.count, count24: pairs.count24, gridApr: apr(pairs.profit), totalApr: apr(total), per };
}

const CLOSE_CODE: Record<string, string> = {
  UNKNOWN: 'Unknown', CLOSED_MANUALLY: 'Canceled manually', CLOSED_FAILED_INITIATION: 'Failed initiation', CLOSED_STOP_LOSS: 'Auto canceled (stop-loss)',
  CLOSED_TAKE_PROFIT: 'Auto canceled (take-profit)', CLOSED_TRAILING_STOP: 'Trailing stop', CLOSED_SYMBOL_DELISTED: 'Auto canceled (other)', CLOSED_USER_BAN: 'Auto canceled (other)',
};

function detail(db: Db, grid: GridEngine, run: RunRow, now: number): GridDetailWire {
  const m = marketOf(run.symbol)!;
  const last = grid.lastPrice(m);
  const f = runFigures(db, run, last, now);
  const levels = levelsOf(run);
  const cells = cellsOf(db, run.bot_id).length || levels.length - 1 - run.shift;
  const bot = db.prepare('SELECT min_price, max_price, type FROM grid_bots WHERE bot_id = ?').get(run.bot_id) as { min_price: string; max_price: string; type: string };
  const q = (v: bigint) => fxText(v, m.quoteDecimals);
  const running = run.state === 'RUNNING';
  return {
    grid_id: run.bot_id, symbol: run.symbol, base_token: m.base, quote_token: m.quote, status: run.state, max_price: bot.max_price, min_price: bot.min_price,
    cell_number: cells, grid_type: bot.type === 'other' ? 2 : 1, total_investment: q(f.inv), total_profit: q(f.total), grid_profit: q(f.grid),
    grid_apr: ratioText(f.gridApr), total_apr: ratioText(f.totalApr), arbitrage_num: f.count, arbitrage_num_24: f.count24, current_price: fxPlain(last),
    current_profit: running ? q(f.total) : '', current_per: running ? ratioText(f.per) : '', equity: q(f.equity), entry_price: run.entry_price,
    stop_loss_price: run.stop_loss, take_profit_price: run.take_profit, close_reason: run.close_reason, bot_close_code: CLOSE_CODE[run.close_reason] ?? 'Unknown',
    ts_percent: run.ts_percent || '0', enable_trailing: run.enable_trailing === 1, limit_up_price: run.limit_up_price,
    ori_max_price: run.shift > 0 ? fxPlain(levels[levels.length - 1 - run.shift]!) : '', ori_min_price: run.shift > 0 ? fxPlain(levels[0]!) : '',
    ori_cell_number: run.shift > 0 ? cells : 0, operation_time: now - run.created_time, create_time: run.created_time, end_time: run.end_time,
    invest_mode: run.invest_mode, quote_investment: run.quote_investment, base_investment: run.base_investment,
    settlement_assets: run.state === 'COMPLETED' ? `${fxPlain(signed(run.quote_free))} ${m.quote}, ${fxPlain(signed(run.base_free))} ${m.base}` : '',
  };
}

function ownRun(db: Db, userId: number, body: Record<string, unknown>): RunRow {
  const id = body.grid_id ?? body.bot_id;
  if (id === undefined || id === '') throw bad('grid_id is required');
  const run = getRun(db, String(id));
  if (!run || run.user_id !== userId) throw new GridFailure(GRID_STATUS.NOT_FOUND, 'Grid bot not found');
  return run;
}

/** Grid bots are not for demo accounts or copy-trading leaders (spec 5.13). */
function requireAllowed(db: Db, userId: number): void {
  const user = getUser(db, userId);
  if (user?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
  if (!user || !gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: user.is_copy_leader === 1 })) throw new ApiError(ERR.PERMISSION, 'Grid bots are not available for copy-trading leader accounts.', 403);
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function installGridRoutes(ctx: AppContext, db: Db, authPost: Hook, grid: GridEngine, now: () => number, bodyLimit: number): void {
  const app = ctx.router;
  const reply = (res: FastifyReply, fn: () => Record<string, unknown>) => {
    try {
      sendJson(res, 200, bybitBody(0, 'OK', { status_code: GRID_STATUS.OK, debug_msg: '', ...fn() }));
    } catch (err) {
      if (!(err instanceof GridFailure)) throw err;
      sendJson(res, 200, bybitBody(err.code, err.message, { status_code: err.code, debug_msg: err.message, ...err.extra }));
    }
  };
  app.post(GRID_VALIDATE_PATH, { bodyLimit, config: { ipLimit: true }, preValidation: jsonBody('bybit'), schema: { body: GRID_BODY } }, (request, res) =>
    reply(res, () => {
      const p = parseGrid(request.body as Record<string, unknown>);
      return { ...validateGrid(p, grid.lastPrice(p.market)) };
    }),
  );
  app.post(GRID_CREATE_PATH, { bodyLimit, preValidation: authPost, schema: { body: GRID_BODY } }, (request, res) =>
    reply(res, () => {
      const userId = request.userId!;
      requireAllowed(db, userId);
      // A bot's orders are orders: none while the account's upgrade to unified runs.
      refuseWhileUpgrading(db, userId);
      const p = parseGrid(request.body as Record<string, unknown>);
      const last = grid.lastPrice(p.market);
      const v = validateGrid(p, last);
      if (v.check_code !== GRID_CHECK_OK) throw new GridFailure(GRID_STATUS.PARAM, v.check_code, { check_code: v.check_code });
      const ledger = grid.trading.ledger;
      if (ledger.get(userId, p.market.quote).available < p.quoteInvestment || ledger.get(userId, p.market.base).available < p.baseInvestment) {
        throw new GridFailure(GRID_STATUS.BALANCE, 'Insufficient balance', { grid_id: grid.reject(userId, p, last) });
      }
      return { grid_id: grid.create(userId, p, last), ban_reason_text: '' };
    }),
  );
  app.post(GRID_DETAIL_PATH, { bodyLimit, preValidation: authPost, schema: { body: ID_BODY } }, (request, res) =>
    reply(res, () => ({ detail: detail(db, grid, ownRun(db, request.userId!, request.body as Record<string, unknown>), now()) })),
  );
  app.post(GRID_CLOSE_PATH, { bodyLimit, preValidation: authPost, schema: { body: ID_BODY } }, (request, res) =>
    reply(res, () => {
      const body = request.body as Record<string, unknown>;
      const run = ownRun(db, request.userId!, body);
      const mode = plainInt(body.close_mode);
      if (!GRID_CLOSE_MODES.includes(mode as GridCloseMode)) throw bad('close_mode must be 2 (to base), 3 (to quote) or 4 (as is)');
      if (run.state !== 'NEW' && run.state !== 'RUNNING' && run.state !== 'AWAIT_ACTIVATION') throw new GridFailure(GRID_STATUS.CANNOT_CLOSE, 'Grid cannot be cancelled');
      grid.close(run.bot_id, mode as GridCloseMode, 'CLOSED_MANUALLY');
      return {};
    }),
  );
}

/** The list's run figures for one bot (zeros when it never ran here, as the seeded ones). */
export function listFigures(db: Db, grid: GridEngine, botId: string, now: number): Partial<GridBotWire> {
  const run = getRun(db, botId);
  if (!run) return {};
  const m = marketOf(run.symbol)!;
  const f = runFigures(db, run, grid.lastPrice(m), now);
  const q = (v: bigint) => fxText(v, m.quoteDecimals);
  return {
    label: run.state, close_reason: run.close_reason, total_investment: q(f.inv), grid_profit: q(f.grid), total_profit: q(f.total),
    grid_apr: ratioText(f.gridApr), total_apr: ratioText(f.totalApr), arbitrage_num: f.count, end_time: run.end_time,
  };
}
