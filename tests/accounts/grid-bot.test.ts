import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ALICE, BOB, LEADER, balance, removeDir, signed, startTestServer, tempDir, totals, type TestServer } from './helpers.ts';

// Spot grid bots (issue 17 item 2) on standalone engines: the book holds only what a test puts
// there, and the bots' clock is the test's.
const T0 = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;
let clock = T0;
let s: TestServer;

beforeEach(async () => {
  clock = T0;
  s = await startTestServer({ gridClock: () => clock });
});
afterEach(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const settle = () => new Promise((r) => setTimeout(r, 0));
/** Owner-less liquidity, as the market simulator would place it. */
const liquidity = (side: 'Buy' | 'Sell', price: number, qty: number) =>
  s.engines('BTCUSDT')!.submit({ type: 'Limit', side, priceTicks: Math.round(price * 100), qtyLots: Math.round(qty * 1e6), timeInForce: 'GTC' });
/** A trade at `price` between owner-less orders (after whatever it sweeps on the way). */
const tradeAt = async (price: number) => {
  liquidity('Sell', price, 0.001);
  liquidity('Buy', price, 0.001);
  await settle();
};
const BASE = { symbol: 'BTCUSDT', min_price: '90000', max_price: '110000', cell_number: 4, invest_mode: 0, quote_investment: '10000' };
const grid = (who: typeof ALICE, path: string, body: Record<string, unknown>) => signed(s.url, who, 'POST', `/v5/grid/${path}`, body);
const validate = async (body: Record<string, unknown>) =>
  (await fetch(`${s.url}/v5/grid/validate-input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>;
const open = async (who = ALICE) =>
  ((await signed(s.url, who, 'GET', '/v5/order/realtime', { category: 'spot', symbol: 'BTCUSDT' })).body.result.list as Array<Record<string, string>>)
    .map((o) => `${o.side} ${o.price} ${o.qty}`)
    .sort();
const detail = async (id: string) => (await grid(ALICE, 'query-grid-detail', { grid_id: id })).body.result.detail;

/** Last price 100000 and an ask at 100100 for the opening market buy; the book is otherwise empty. Returns the ask's remover. */
async function market100k(): Promise<() => void> {
  await tradeAt(100000);
  const ask = liquidity('Sell', 100100, 1);
  return () => void s.engines('BTCUSDT')!.cancel(ask.order.orderId);
}

/** A bot on BASE (plus `extra`) at 100000; the ask it bought from is gone afterwards. */
async function createBase(extra: Record<string, unknown> = {}): Promise<string> {
  const removeAsk = await market100k();
  const r = await grid(ALICE, 'create-grid', { ...BASE, ...extra });
  removeAsk();
  expect(r.body.retCode, r.body.retMsg).toBe(0);
  expect(r.body.result.status_code).toBe(200);
  await settle();
  return r.body.result.grid_id;
}

describe('seeding', () => {
  test('buys below the price, sells above, the nearest level empty; the sells bought at market', async () => {
    const before = totals(s.db);
    const id = await createBase();
    // levels 90000 95000 100000 105000 110000; the price is on 100000, which stays empty.
    expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Buy 95000.00 0.026079', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'RUNNING', cell_number: 4, min_price: '90000', max_price: '110000', total_investment: '10000.00000000', arbitrage_num: 0, close_reason: 'UNKNOWN' });
    // 0.04837 BTC bought at 100100 (4841.837) for the two sells; 4955.025 locked in the two buys.
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '90203.138', locked: '4955.025' });
    expect(totals(s.db)).toEqual(before);
  });

  test('a geometric grid spaces its levels by equal ratios, on the tick', async () => {
    await market100k();
    const r = await grid(ALICE, 'create-grid', { ...BASE, grid_type: 2 });
    expect(r.body.retCode).toBe(0);
    const prices = (await open()).map((o) => o.split(' ')[1]);
    // 90000 × (110000/90000)^(i/4), floored to the 0.01 tick; 99498.74 is nearest 100000 and stays empty
    expect(prices).toEqual(['90000.00', '94630.26', '104617.69', '110000.00']);
    expect((await detail(r.body.result.grid_id)).grid_type).toBe(2);
  });
});

describe("the bot's orders are the bot's", () => {
  test("cancel-all leaves a running bot's orders alone and a single cancel of one is refused; the user's own order goes", async () => {
    const id = await createBase();
    const mine = await signed(s.url, ALICE, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '80000' });
    expect(mine.body.retCode).toBe(0);
    const all = await signed(s.url, ALICE, 'POST', '/v5/order/cancel-all', { category: 'spot', symbol: 'BTCUSDT' });
    expect(all.body.result.list).toEqual([expect.objectContaining({ orderId: mine.body.result.orderId })]);
    expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Buy 95000.00 0.026079', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
    const botOrder = ((await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', symbol: 'BTCUSDT' })).body.result.list as Array<{ orderId: string }>)[0]!;
    const one = await signed(s.url, ALICE, 'POST', '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderId: botOrder.orderId });
    expect(one.body.retCode).toBe(10005);
    expect(one.body.retMsg).toContain('CreateBySpotGridBot');
    expect((await open()).length).toBe(4);
    expect((await detail(id)).status).toBe('RUNNING');
  });
});

describe('counter orders and profit', () => {
  test('a filled buy places its sell one cell up; the filled sell books the pair profit after fees and re-buys', async () => {
    const id = await createBase();
    // Bob sells into the 95000 buy.
    const sell = await signed(s.url, BOB, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.026079', price: '95000' });
    expect(sell.body.retCode).toBe(0);
    await settle();
    expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Sell 100000.00 0.026052', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
    // Bob buys the counter sell back at 100000.
    await signed(s.url, BOB, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.026052', price: '100000' });
    await settle();
    expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Buy 95000.00 0.026079', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
    clock = T0 + DAY;
    const d = await detail(id);
    // 0.026052 × 100000 × (1 − 0.001) − 0.026079 × 95000 = 2602.5948 − 2477.505
    expect(d).toMatchObject({ arbitrage_num: 1, arbitrage_num_24: 1, grid_profit: '125.08980000' });
    // one day: 125.0898 / 10000 × 365
    expect(d.grid_apr).toBe('4.565777');
    const list = await signed(s.url, ALICE, 'GET', '/api/grid-bot/list', { status: '2', symbol: 'BTCUSDT' });
    const bot = list.body.result.list.find((b: { bot_id: string }) => b.bot_id === id);
    expect(bot).toMatchObject({ label: 'RUNNING', grid_number: 4, grid_profit: '125.08980000', arbitrage_num: 1, total_investment: '10000.00000000' });
    clock = T0 + 2 * DAY;
    expect((await detail(id)).arbitrage_num_24).toBe(0);
  });
});

describe('closing', () => {
  test('stop-loss: a trade at the stop cancels every order and sells the base for quote', async () => {
    const before = totals(s.db);
    const id = await createBase({ stop_loss_price: '85000' });
    liquidity('Buy', 84000, 1);
    liquidity('Sell', 85000, 0.1); // sweeps the bot's buys at 95000 and 90000 on the way down
    await settle();
    expect((await open()).filter((o) => o.startsWith('Sell')).length).toBe(4);
    liquidity('Buy', 85000, 0.001);
    await settle();
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_STOP_LOSS', bot_close_code: 'Auto canceled (stop-loss)' });
    expect(d.end_time).toBe(T0);
    expect(await open()).toEqual([]);
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('0');
    expect(balance(s.db, ALICE.id, 'BTC').locked).toBe('0');
    // everything the bot held was sold: less than one lot of BTC above alice's 2 is left
    expect(Number(balance(s.db, ALICE.id, 'BTC').available) - 2).toBeLessThan(0.000048);
    expect(totals(s.db)).toEqual(before);
    const hist = await signed(s.url, ALICE, 'GET', '/api/grid-bot/list', { status: '3' });
    expect(hist.body.result.list.find((b: { bot_id: string }) => b.bot_id === id)).toMatchObject({ label: 'COMPLETED', close_reason: 'CLOSED_STOP_LOSS' });
  });

  test('take-profit closes to quote; a manual close to quote, base or as is; a closed bot cannot close again (405)', async () => {
    const id = await createBase({ take_profit_price: '115000' });
    liquidity('Sell', 115000, 0.001);
    liquidity('Buy', 115000, 0.1); // sweeps the bot's sells at 105000 and 110000, then trades at 115000
    await settle();
    expect(await detail(id)).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_TAKE_PROFIT' });
    const again = await grid(ALICE, 'close-grid', { grid_id: id, close_mode: 3 });
    expect(again.body.retCode).toBe(405);
    expect(again.body.result.status_code).toBe(405);
  });

  test('manual close as is leaves both coins; to base buys base with the quote', async () => {
    const id = await createBase();
    const c = await grid(ALICE, 'close-grid', { grid_id: id, close_mode: 4 });
    expect(c.body.retCode).toBe(0);
    expect(await detail(id)).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_MANUALLY' });
    expect(await open()).toEqual([]);
    expect(Number(balance(s.db, ALICE.id, 'BTC').available)).toBeGreaterThan(2.048);
    const id2 = await createBase();
    const usdtBefore = Number(balance(s.db, ALICE.id, 'USDT').available) + Number(balance(s.db, ALICE.id, 'USDT').locked);
    liquidity('Sell', 100200, 1);
    await grid(ALICE, 'close-grid', { grid_id: id2, close_mode: 2 });
    expect(await detail(id2)).toMatchObject({ status: 'COMPLETED' });
    expect(Number(balance(s.db, ALICE.id, 'USDT').available)).toBeLessThan(usdtBefore - 5000);
  });
});

describe('a closed bot', () => {
  // Fourth walkthrough: after close, a bot's profit followed the market (its leftover base valued live).
  test('keeps the figures it closed with, whatever the price does afterwards', async () => {
    const id = await createBase();
    // Closed as is: it keeps its base, the part a live price would move.
    expect((await grid(ALICE, 'close-grid', { grid_id: id, close_mode: 4 })).body.retCode).toBe(0);
    const closed = await detail(id);
    expect(closed.status).toBe('COMPLETED');
    const list = async () =>
      ((await signed(s.url, ALICE, 'GET', '/api/grid-bot/list', { status: '3' })).body.result.list as Array<Record<string, unknown>>).find((b) => b.bot_id === id)!;
    const listed = await list();
    await tradeAt(120000);
    clock += DAY;
    const later = await detail(id);
    expect(later.current_price).not.toBe(closed.current_price);
    for (const k of ['total_profit', 'grid_profit', 'equity', 'total_apr', 'grid_apr', 'total_investment']) expect([k, later[k]]).toEqual([k, closed[k]]);
    const after = await list();
    for (const k of ['total_profit', 'grid_profit', 'total_apr', 'grid_apr']) expect([k, after[k]]).toEqual([k, listed[k]]);
  });
});

describe('entry price and trailing up', () => {
  test('with an entry price the bot waits (AWAIT_ACTIVATION) until the price reaches it', async () => {
    await market100k();
    const r = await grid(ALICE, 'create-grid', { ...BASE, entry_price: '98000' });
    const id = r.body.result.grid_id;
    expect((await detail(id)).status).toBe('AWAIT_ACTIVATION');
    expect(await open()).toEqual([]);
    liquidity('Buy', 98000, 0.5);
    await tradeAt(98000);
    expect((await detail(id)).status).toBe('RUNNING');
    expect((await open()).length).toBe(4);
  });

  test('trailing up moves the grid one cell up once the price is a cell above it', async () => {
    const id = await createBase({ cell_number: 5, min_price: '90000', max_price: '105000', enable_trailing: true });
    liquidity('Sell', 108000, 0.001);
    liquidity('Buy', 108000, 0.2); // sweeps the sells at 102000 and 105000, then trades at 108000 (105000 + one 3000 step)
    await settle();
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'RUNNING', min_price: '93000', max_price: '108000', ori_min_price: '90000', ori_max_price: '105000' });
    expect((await open()).some((o) => o.startsWith('Buy 105000.00'))).toBe(true);
    expect((await open()).some((o) => o.startsWith('Buy 90000.00'))).toBe(false);
  });
});

describe('restart', () => {
  test('a bot keeps running across a restart: the counter order after a fill still comes', async () => {
    const dir = tempDir();
    await s.stop();
    removeDir(s.dataDir);
    try {
      s = await startTestServer({ dataDir: dir, gridClock: () => clock });
      const id = await createBase();
      await signed(s.url, BOB, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.026079', price: '95000' });
      await settle();
      await s.stop();
      s = await startTestServer({ dataDir: dir, gridClock: () => clock });
      expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Sell 100000.00 0.026052', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
      await signed(s.url, BOB, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.026052', price: '100000' });
      await settle();
      expect(await open()).toEqual(['Buy 90000.00 0.027528', 'Buy 95000.00 0.026079', 'Sell 105000.00 0.024750', 'Sell 110000.00 0.023571']);
      expect(await detail(id)).toMatchObject({ status: 'RUNNING', arbitrage_num: 1, grid_profit: '125.08980000' });
    } finally {
      s.dataDir = dir;
    }
  });
});

describe('bad parameters', () => {
  test('validate-input needs no login and names the first failing check with the allowed ranges', async () => {
    await tradeAt(100000);
    const ok = await validate(BASE);
    expect(ok.retCode).toBe(0);
    expect(ok.result).toMatchObject({ status_code: 200, check_code: 'SPOT_CHECK_CODE_SUCCESS_UNSPECIFIED', cell_distance: '5000', profit: { from: '0.0456', to: '0.0536' } });
    // every grid must beat two fees: a 20000 range allows 91 cells (step 219.78 > 0.2 % of 110000)
    expect(ok.result.cell_number).toEqual({ from: '2', to: '91' });
    const code = async (b: Record<string, unknown>) => (await validate({ ...BASE, ...b })).result.check_code;
    expect(await code({ cell_number: 1 })).toBe('SPOT_CHECK_CODE_GRID_NO_TOO_LOW');
    expect(await code({ cell_number: 201 })).toBe('SPOT_CHECK_CODE_GRID_NO_TOO_HIGH');
    expect(await code({ min_price: '5000' })).toBe('SPOT_CHECK_CODE_LOW_PRICE_TOO_LOW');
    expect(await code({ max_price: '2000000' })).toBe('SPOT_CHECK_CODE_HIGH_PRICE_TOO_HIGH');
    expect(await code({ max_price: '90000.02' })).toBe('SPOT_CHECK_CODE_HIGH_PRICE_TOO_LOW');
    expect(await code({ quote_investment: '5' })).toBe('SPOT_CHECK_CODE_INVESTMENT_TOO_LOW');
    expect(await code({ take_profit: '105000' })).toBe('SPOT_CHECK_CODE_TP_TOO_LOW');
    expect(await code({ stop_loss: '95000' })).toBe('SPOT_CHECK_CODE_SL_TOO_HIGH');
    expect(await code({ entry_price: '120000' })).toBe('SPOT_CHECK_CODE_EP_TOO_HIGH');
    expect(await code({ ts_percent: '0.995' })).toBe('SPOT_CHECK_CODE_TS_PERCENT_TOO_HIGH');
    expect(await code({ enable_trailing: true })).toBe('SPOT_CHECK_CODE_CAN_NOT_ENABLE_TRAILING_UP');
    const bad = await validate({ ...BASE, symbol: 'NOPE' });
    expect(bad.retCode).toBe(400);
    expect(bad.result.status_code).toBe(400);
  });

  test('create refuses a failing check (400), missing funds (401), other users and leaders; detail of an unknown bot is 404', async () => {
    await market100k();
    const low = await grid(ALICE, 'create-grid', { ...BASE, quote_investment: '5' });
    expect(low.body).toMatchObject({ retCode: 400, result: { status_code: 400, check_code: 'SPOT_CHECK_CODE_INVESTMENT_TOO_LOW' } });
    const rich = await grid(ALICE, 'create-grid', { ...BASE, quote_investment: '200000' });
    expect(rich.body.retCode).toBe(401);
    // The refused bot is on record, REJECTED, in the history; nothing was locked.
    expect(await detail(rich.body.result.grid_id)).toMatchObject({ status: 'REJECTED', close_reason: 'CLOSED_FAILED_INITIATION', total_investment: '200000.00000000', total_profit: '0.00000000' });
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '100000', locked: '0' });
    const badMode = await grid(ALICE, 'create-grid', { ...BASE, invest_mode: 1 });
    expect(badMode.body.retCode).toBe(400);
    // Spec 5.13: a copy-trading leader's sub-account (the leader made one here) is refused.
    s.db.prepare('UPDATE users SET parent_id = ? WHERE id = ?').run(ALICE.id, LEADER.id);
    const leader = await grid(LEADER, 'create-grid', BASE);
    expect(leader.body.retCode).toBe(10005);
    expect((await grid(ALICE, 'query-grid-detail', { grid_id: '1' })).body.retCode).toBe(404);
    const id = await (async () => (await grid(ALICE, 'create-grid', BASE)).body.result.grid_id)();
    expect((await grid(BOB, 'query-grid-detail', { grid_id: id })).body.retCode).toBe(404);
    expect((await grid(ALICE, 'close-grid', { grid_id: id, close_mode: 7 })).body.retCode).toBe(400);
  });

  // Issue 30 item 5: "0x10" made a 16-cell bot. Numbers are plain decimals, nothing else.
  const NOT_PLAIN = ['0x10', '0X10', '0b10', '0o20', '1e1', '16e0', ' 16', '16 ', '\t16', '+16', '16.0', 'Infinity', '１６'];
  // 400 from the grid's checks, or 10001 from the body's schema (longer than 4 characters).
  const REFUSED = [400, 10001];
  test.each(NOT_PLAIN)('cell_number %j is refused by validate-input and create-grid, and no bot is made', async (cells) => {
    await market100k();
    const bots = () => s.db.prepare('SELECT COUNT(*) AS n FROM grid_bots').get();
    const before = bots();
    const v = await validate({ ...BASE, cell_number: cells });
    expect(REFUSED).toContain(v.retCode);
    expect(v.retMsg).toMatch(/cell_number/);
    const r = await grid(ALICE, 'create-grid', { ...BASE, cell_number: cells });
    expect(REFUSED).toContain(r.body.retCode);
    expect(bots()).toEqual(before);
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '100000', locked: '0' });
  });

  test('the other numeric fields of grid requests: plain decimals only', async () => {
    await market100k();
    for (const extra of [{ invest_mode: '0x0' }, { grid_type: '0x1' }, { invest_mode: ' 0' }, { grid_type: '1e0' }, { quote_investment: '0x2710' }, { quote_investment: '1e4' }, { min_price: ' 90000' }, { stop_loss: '8.5e4' }]) {
      expect((await validate({ ...BASE, ...extra })).retCode, JSON.stringify(extra)).toBe(400);
    }
    const id = await (async () => (await grid(ALICE, 'create-grid', BASE)).body.result.grid_id)();
    for (const mode of ['0x2', '2e0', ' 2', '+2', '2.0']) expect((await grid(ALICE, 'close-grid', { grid_id: id, close_mode: mode })).body.retCode, mode).toBe(400);
    expect((await detail(id)).status).not.toBe('COMPLETED');
    expect((await grid(ALICE, 'close-grid', { grid_id: id, close_mode: '2' })).body.retCode).toBe(0);
  });
});
