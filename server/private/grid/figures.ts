// A grid run's figures (profits, APRs, pair counts, equity at the last price) for the detail and
// the list (routes.ts): read from the run's rows and its orders, nothing written.
import type { Db } from '../../accounts/db.ts';
import { FX_ONE, fxMul, fxPlain, fxText } from '../../../src/core/decimal.ts';
import type { GridBotWire, GridDetailWire } from '../../../src/protocol/grid-bots.ts';
import { isFinalStatus } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import { marketOf } from '../market.ts';
import { getOrder } from '../rows/orders.ts';
import { gridBotRange } from './bots.ts';
import { orderReturns, type GridEngine } from './engine.ts';
import { cellsOf, getRun, levelsOf, pairStats, signed, type RunRow } from './rows.ts';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

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

/**
 * The figures of a run: profits, APRs, pairs. A completed bot's equity is what it ended with, at
 * the price when it closed (stored then): its figures no longer move with the market.
 */
export function runFigures(db: Db, run: RunRow, live: bigint, now: number) {
  const last = run.state === 'COMPLETED' && run.end_price ? signed(run.end_price) : live;
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

/** query-grid-detail's detail of a run. */
export function detail(db: Db, grid: GridEngine, run: RunRow, now: number): GridDetailWire {
  const m = marketOf(run.symbol)!;
  const last = grid.lastPrice(m);
  const f = runFigures(db, run, last, now);
  const levels = levelsOf(run);
  const cells = cellsOf(db, run.bot_id).length || levels.length - 1 - run.shift;
  const bot = gridBotRange(db, run.bot_id);
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
