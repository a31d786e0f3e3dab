// Bybit's spot-grid endpoints (next-features 1.2): validate-input without login, create-grid,
// query-grid-detail and close-grid for the signed-in user, and the page's list of bots (bots.ts;
// each run's figures from figures.ts). A refusal answers its grid status code
// (400 params, 401 balance, 404 not found, 405 cannot close) as retCode and as result.status_code.
import type { FastifyReply } from 'fastify';
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { jsonBody, plainDecimal, plainInt } from '../../http/request.ts';
import { AMOUNT, FLAG, object, query, text, type Schema } from '../../http/schemas.ts';
import { gridBotsAllowed } from '../../../src/core/chart/grid-bot.ts';
import {
  GRID_BOT_LIST_PATH, GRID_CHECK_OK, GRID_CLOSE_MODES, GRID_CLOSE_PATH, GRID_CREATE_PATH, GRID_DETAIL_PATH, GRID_STATUS, GRID_VALIDATE_PATH, type GridCloseMode,
} from '../../../src/protocol/grid-bots.ts';
import { PRIVATE_BODY_LIMIT, privateGet, type RouteContext } from '../routes/context.ts';
import { refuseWhileUpgrading } from '../services/market-gates.ts';
import { marketOf } from '../market.ts';
import { listGridBots } from './bots.ts';
import { GRID_LIST_HISTORY, GRID_LIST_RUNNING } from '../../../src/core/chart/grid-bot.ts';
import { detail, listFigures } from './figures.ts';
import { validateGrid, type GridParams } from './plan.ts';
import { getRun, type RunRow } from './rows.ts';

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

const GRID_QUERY = query({ status: text(16), pageSize: text(16), symbol: text(64) }, ['status']);

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

function ownRun(db: Db, userId: number, body: Record<string, unknown>): RunRow {
  const id = body.grid_id ?? body.bot_id;
  if (id === undefined || id === '') throw bad('grid_id is required');
  const run = getRun(db, String(id));
  if (!run || run.user_id !== userId) throw new GridFailure(GRID_STATUS.NOT_FOUND, 'Grid bot not found');
  return run;
}

/** Ends a running list row of the user's with no run behind it (a seeded bot); false when there is none. */
function endNeverRun(db: Db, userId: number, body: Record<string, unknown>, now: number): boolean {
  const id = body.grid_id ?? body.bot_id;
  if (id === undefined || id === '' || getRun(db, String(id))) return false;
  const r = db.prepare('UPDATE grid_bots SET status = ?, updated_time = ? WHERE bot_id = ? AND user_id = ? AND status = ?').run(GRID_LIST_HISTORY, now, String(id), userId, GRID_LIST_RUNNING);
  return r.changes === 1;
}

/** Grid bots are not for demo accounts or copy-trading leaders' sub-accounts (spec 5.13). */
function requireAllowed(db: Db, userId: number): void {
  const user = getUser(db, userId);
  if (user?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
  if (!user || !gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: user.is_copy_leader === 1, isSubAccount: user.parent_id !== null })) throw new ApiError(ERR.PERMISSION, 'Grid bots are not available for copy-trading leader sub-accounts.', 403);
}

/** The page's list of grid bots (/api/grid-bot/list) and Bybit's /v5/grid/* endpoints. */
export function installGridRoutes(rc: RouteContext): void {
  const { db, now } = rc;
  const { grid } = rc.services;
  const app = rc.router;
  const authPost = rc.auth.post;
  const bodyLimit = PRIVATE_BODY_LIMIT;
  privateGet(rc, GRID_BOT_LIST_PATH, GRID_QUERY, (userId, q) => listGridBots(db, userId, q, (botId) => listFigures(db, grid, botId, now())));
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
      // A listed bot that never ran here (a seeded one) has no orders and no funds: closing it ends it, nothing to settle.
      if (endNeverRun(db, request.userId!, body, now())) return {};
      const run = ownRun(db, request.userId!, body);
      const mode = plainInt(body.close_mode);
      if (!GRID_CLOSE_MODES.includes(mode as GridCloseMode)) throw bad('close_mode must be 2 (to base), 3 (to quote) or 4 (as is)');
      if (run.state !== 'NEW' && run.state !== 'RUNNING' && run.state !== 'AWAIT_ACTIVATION') throw new GridFailure(GRID_STATUS.CANNOT_CLOSE, 'Grid cannot be cancelled');
      grid.close(run.bot_id, mode as GridCloseMode, 'CLOSED_MANUALLY');
      return {};
    }),
  );
}
