// The alert service (issue 35 item 3) against a real exchange on standalone engines: alerts are
// created, listed and deleted through the signed /v5/local/alert/* endpoints, fire once on trades,
// fills, the margin state and a bot ending, reach the owner's private stream, survive a restart,
// and refuse bad input with a clear message.
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signWsAuth } from '../../server/auth/hmac.ts';
import { ALERT_TOPIC } from '../../src/protocol/alerts.ts';
import { ALICE, BOB, removeDir, signed, startTestServer, tempDir, type TestServer } from './helpers.ts';

let s: TestServer;
let dir: string;
let clock = 1_800_000_000_000;
const now = () => clock;

async function start(): Promise<void> {
  s = await startTestServer({ dataDir: dir, accounts: { alertClock: now } });
}

afterEach(async () => {
  await s.stop();
  removeDir(dir);
});

const settle = () => new Promise((r) => setTimeout(r, 0));
/** A trade at `price` between owner-less orders, as the simulator's flow would make. */
async function tradeAt(price: number): Promise<void> {
  const e = s.engines('BTCUSDT')!;
  e.submit({ type: 'Limit', side: 'Sell', priceTicks: Math.round(price * 100), qtyLots: 1000, timeInForce: 'GTC' });
  e.submit({ type: 'Limit', side: 'Buy', priceTicks: Math.round(price * 100), qtyLots: 1000, timeInForce: 'GTC' });
  await settle();
}
const create = (who: typeof ALICE, body: Record<string, unknown>) => signed(s.url, who, 'POST', '/v5/local/alert/create', body);
const list = async (who: typeof ALICE) => (await signed(s.url, who, 'GET', '/v5/local/alert/list', {})).body.result.list as Array<Record<string, any>>;

/** Alice's private stream subscribed to the alert topic; `pushes` collects what it hears. */
async function stream(who = ALICE): Promise<{ pushes: any[]; close: () => void }> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/v5/private`);
  const pushes: any[] = [];
  const acks: any[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.topic === ALERT_TOPIC) pushes.push(m);
    else acks.push(m);
  });
  await new Promise((r) => ws.once('open', r));
  const expires = Date.now() + 10_000;
  ws.send(JSON.stringify({ op: 'auth', args: [who.key, expires, signWsAuth(who.secret, String(expires))] }));
  ws.send(JSON.stringify({ op: 'subscribe', args: [ALERT_TOPIC] }));
  await until(() => acks.length >= 2);
  expect(acks.every((a) => a.success)).toBe(true);
  return { pushes, close: () => ws.close() };
}

async function until(pred: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('price alerts', () => {
  test('a crossing above fires once, on the trade that crosses, and is pushed to its owner only', async () => {
    dir = tempDir();
    await start();
    await tradeAt(97000);
    const alice = await stream(ALICE);
    const bob = await stream(BOB);
    const r = await create(ALICE, { kind: 'priceAbove', symbol: 'BTCUSDT', price: '98000' });
    expect(r.body.retCode, r.body.retMsg).toBe(0);
    expect(r.body.result).toMatchObject({ kind: 'priceAbove', symbol: 'BTCUSDT', price: '98000', status: 'active', firedTime: 0 });
    const id = r.body.result.alertId;
    await until(() => alice.pushes.length === 1);
    await tradeAt(97500);
    expect((await list(ALICE))[0]).toMatchObject({ alertId: id, status: 'active' });
    clock += 1000;
    await tradeAt(98100);
    const fired = (await list(ALICE))[0]!;
    expect(fired).toMatchObject({ alertId: id, status: 'fired', firedPrice: '98100', firedTime: clock });
    await until(() => alice.pushes.length === 2);
    expect(alice.pushes[1].data[0]).toMatchObject({ alertId: id, status: 'fired', firedPrice: '98100' });
    // Down and up again: it fired already, so nothing changes and nothing more is pushed.
    clock += 1000;
    await tradeAt(97000);
    await tradeAt(99000);
    await settle();
    expect((await list(ALICE))[0]).toEqual(fired);
    expect(alice.pushes).toHaveLength(2);
    expect(bob.pushes).toHaveLength(0);
    expect(await list(BOB)).toEqual([]);
    alice.close();
    bob.close();
  });

  test('below fires on a fall through the price; a % move fires within its window and not on an older move', async () => {
    dir = tempDir();
    await start();
    await tradeAt(100000);
    const below = (await create(ALICE, { kind: 'priceBelow', symbol: 'BTCUSDT', price: '99000' })).body.result.alertId;
    const move = await create(ALICE, { kind: 'priceMove', symbol: 'BTCUSDT', percent: '2', minutes: 5 });
    expect(move.body.retCode, move.body.retMsg).toBe(0);
    expect(move.body.result).toMatchObject({ percent: '2', minutes: 5 });
    await tradeAt(99500);
    clock += 60_000;
    await tradeAt(98900);
    const byId = async () => new Map((await list(ALICE)).map((a) => [a.alertId, a]));
    expect((await byId()).get(below)).toMatchObject({ status: 'fired', firedPrice: '98900' });
    // 100000 → 98900 is 1.1 %: not yet. Six minutes on, the window starts after 99500.
    expect((await byId()).get(move.body.result.alertId)).toMatchObject({ status: 'active' });
    // Six minutes on, the window (5 minutes) holds only what traded since.
    clock += 6 * 60_000;
    await tradeAt(98900);
    clock += 10_000;
    await tradeAt(97900); // 98900 → 97900: 1.01 %
    expect((await byId()).get(move.body.result.alertId)).toMatchObject({ status: 'active' });
    clock += 10_000;
    await tradeAt(96900); // 98900 → 96900: 2.02 %
    expect((await byId()).get(move.body.result.alertId)).toMatchObject({ status: 'fired', firedPrice: '96900', detail: 'down' });
  });
});

describe('account alerts', () => {
  test('partial fill, then fill, each fires once for its owner; another account\'s fills fire nothing', async () => {
    dir = tempDir();
    await start();
    const partial = (await create(ALICE, { kind: 'partialFill' })).body.result.alertId;
    const fill = (await create(ALICE, { kind: 'fill', symbol: 'BTCUSDT' })).body.result.alertId;
    const bobFill = (await create(BOB, { kind: 'fill' })).body.result.alertId;
    const body = { category: 'spot', symbol: 'BTCUSDT', orderType: 'Limit', price: '97000' };
    const buy = await signed(s.url, ALICE, 'POST', '/v5/order/create', { ...body, side: 'Buy', qty: '0.2' });
    expect(buy.body.retCode, buy.body.retMsg).toBe(0);
    s.engines('BTCUSDT')!.submit({ type: 'Limit', side: 'Sell', priceTicks: 9_700_000, qtyLots: 100_000, timeInForce: 'GTC' });
    await until(() => s.db.prepare("SELECT status FROM alerts WHERE alert_id = ?").get(partial) !== undefined && (s.db.prepare('SELECT status FROM alerts WHERE alert_id = ?').get(partial) as { status: string }).status === 'fired');
    let mine = new Map((await list(ALICE)).map((a) => [a.alertId, a]));
    expect(mine.get(partial)).toMatchObject({ status: 'fired', detail: buy.body.result.orderId });
    expect(mine.get(fill)).toMatchObject({ status: 'active' });
    s.engines('BTCUSDT')!.submit({ type: 'Limit', side: 'Sell', priceTicks: 9_700_000, qtyLots: 100_000, timeInForce: 'GTC' });
    await until(() => (s.db.prepare('SELECT status FROM alerts WHERE alert_id = ?').get(fill) as { status: string }).status === 'fired');
    mine = new Map((await list(ALICE)).map((a) => [a.alertId, a]));
    expect(mine.get(fill)).toMatchObject({ status: 'fired', detail: buy.body.result.orderId });
    expect((await list(BOB)).find((a) => a.alertId === bobFill)).toMatchObject({ status: 'active' });
  });

  test('a liquidation warning fires when the margin engine reports WARNING; a classic account may not set one', async () => {
    dir = tempDir();
    await start();
    const id = (await create(ALICE, { kind: 'liqWarning' })).body.result.alertId;
    s.alerts.checkMargin();
    expect((await list(ALICE))[0]).toMatchObject({ alertId: id, status: 'active' });
    s.margin.update(ALICE.id, { override: 'WARNING' });
    s.alerts.checkMargin();
    expect((await list(ALICE))[0]).toMatchObject({ alertId: id, status: 'fired', detail: 'WARNING' });
    const classic = await create(BOB, { kind: 'liqWarning' });
    expect(classic.body).toMatchObject({ retCode: 10005, retMsg: 'Liquidation warnings need a unified trading account (spot margin).' });
  });

  test('a grid bot closing fires the bot-finished alert', async () => {
    dir = tempDir();
    await start();
    await tradeAt(100000);
    const ask = s.engines('BTCUSDT')!.submit({ type: 'Limit', side: 'Sell', priceTicks: 10_010_000, qtyLots: 1_000_000, timeInForce: 'GTC' });
    const bot = await signed(s.url, ALICE, 'POST', '/v5/grid/create-grid', { symbol: 'BTCUSDT', min_price: '90000', max_price: '110000', cell_number: 4, invest_mode: 0, quote_investment: '10000' });
    s.engines('BTCUSDT')!.cancel(ask.order.orderId);
    expect(bot.body.result?.status_code, JSON.stringify(bot.body)).toBe(200);
    const id = (await create(ALICE, { kind: 'botFinished' })).body.result.alertId;
    await settle();
    const close = await signed(s.url, ALICE, 'POST', '/v5/grid/close-grid', { grid_id: bot.body.result.grid_id, close_mode: 4 });
    expect(close.body.retCode, close.body.retMsg).toBe(0);
    await until(() => (s.db.prepare('SELECT status FROM alerts WHERE alert_id = ?').get(id) as { status: string }).status === 'fired');
    expect((await list(ALICE))[0]).toMatchObject({ alertId: id, status: 'fired', detail: bot.body.result.grid_id });
  });
});

describe('lifetime and input', () => {
  test('alerts survive a restart: a waiting one still fires after it, a fired one stays fired', async () => {
    dir = tempDir();
    await start();
    await tradeAt(97000);
    const fired = (await create(ALICE, { kind: 'priceBelow', symbol: 'BTCUSDT', price: '96000' })).body.result.alertId;
    const waiting = (await create(ALICE, { kind: 'priceAbove', symbol: 'BTCUSDT', price: '98000' })).body.result.alertId;
    await tradeAt(95000);
    const before = await list(ALICE);
    expect(before.find((a) => a.alertId === fired)).toMatchObject({ status: 'fired' });
    await s.stop();
    await start();
    expect(await list(ALICE)).toEqual(before);
    await tradeAt(95000);
    await tradeAt(98500);
    const after = new Map((await list(ALICE)).map((a) => [a.alertId, a]));
    expect(after.get(waiting)).toMatchObject({ status: 'fired', firedPrice: '98500' });
    expect(after.get(fired)).toEqual(before.find((a) => a.alertId === fired));
  });

  test('delete removes only the owner\'s alert; another account is told it does not exist', async () => {
    dir = tempDir();
    await start();
    const id = (await create(ALICE, { kind: 'fill' })).body.result.alertId;
    const bob = await signed(s.url, BOB, 'POST', '/v5/local/alert/delete', { alertId: id });
    expect(bob.body).toMatchObject({ retCode: 10001, retMsg: 'Alert not found' });
    expect(await list(ALICE)).toHaveLength(1);
    const mine = await signed(s.url, ALICE, 'POST', '/v5/local/alert/delete', { alertId: id });
    expect(mine.body.retCode).toBe(0);
    expect(await list(ALICE)).toEqual([]);
  });

  test('bad input is refused with a clear message, and nothing is stored', async () => {
    dir = tempDir();
    await start();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ kind: 'priceSideways', symbol: 'BTCUSDT' }, /kind/],
      [{ kind: 'priceAbove', price: '1' }, /symbol is required for a priceAbove alert/],
      [{ kind: 'priceAbove', symbol: 'NOPEUSDT', price: '1' }, /Invalid symbol/],
      [{ kind: 'priceAbove', symbol: 'BTCUSDT', price: '-5' }, /price must be a positive decimal/],
      [{ kind: 'priceBelow', symbol: 'BTCUSDT' }, /price must be a positive decimal/],
      [{ kind: 'priceMove', symbol: 'BTCUSDT', percent: '0', minutes: 5 }, /percent must be a positive decimal up to 100/],
      [{ kind: 'priceMove', symbol: 'BTCUSDT', percent: '101', minutes: 5 }, /percent must be a positive decimal up to 100/],
      [{ kind: 'priceMove', symbol: 'BTCUSDT', percent: '2', minutes: 0 }, /minutes must be a whole number from 1 to 240/],
      [{ kind: 'fill', price: '100' }, /a fill alert takes no price/],
    ];
    for (const [body, message] of cases) {
      const r = await create(ALICE, body);
      expect(r.body.retCode, JSON.stringify(body)).not.toBe(0);
      expect(r.body.retMsg, JSON.stringify(body)).toMatch(message);
    }
    expect(await list(ALICE)).toEqual([]);
    // Unsigned requests are refused like any private endpoint's.
    const anon = await fetch(`${s.url}/v5/local/alert/list`);
    expect(((await anon.json()) as { retCode: number }).retCode).not.toBe(0);
  });
});
