import { describe, expect, test } from 'vitest';
import { insertGridBot } from '../../server/private/grid/bots.ts';
import { ALICE, BOB, LEADER, login, signed, startTestServer, sharedTestServer } from './helpers.ts';

const DEMO = { id: 100003, key: 'LOCALDEMOKEY000003', secret: 'local-demo-secret-0000000000000003' };
const POSITIONS = '/unified/integrated/v5/queryPositions';
const GRID = '/api/grid-bot/list';

const s = sharedTestServer();

const create = (who: typeof ALICE, body: Record<string, unknown>) => signed(s.url, who, 'POST', '/v5/order/create', { category: 'spot', symbol: 'ETHUSDT', orderType: 'Limit', ...body });

describe('POST queryPositions: spot positions from the real fills and wallet', () => {
  test('no fills on a pair: no position, though the wallet holds the coin', async () => {
    const r = await signed(s.url, ALICE, 'POST', POSITIONS, { needSort: 0 });
    expect(r.body).toMatchObject({ retCode: 0, result: { category: 'spot', list: [] } });
  });

  test('two buys give the average cost of the coins received; a sell keeps the average', async () => {
    // Bob sells, alice takes: 1 ETH at 3000, then 3 ETH at 3400 (0.1 % fee in ETH each time).
    await create(BOB, { side: 'Sell', qty: '1', price: '3000' });
    await create(ALICE, { side: 'Buy', qty: '1', price: '3000' });
    await create(BOB, { side: 'Sell', qty: '3', price: '3400' });
    await create(ALICE, { side: 'Buy', qty: '3', price: '3400' });
    const r = await signed(s.url, ALICE, 'POST', POSITIONS, { needSort: 0, symbol: 'ETHUSDT' });
    expect(r.body.retCode).toBe(0);
    // Received 0.999 + 2.997 = 3.996 ETH for 13200 USDT: 3303.303… → 3303.30.
    expect(r.body.result.list).toEqual([
      expect.objectContaining({ symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', side: 'Buy', size: '3.996', avgPrice: '3303.30', positionValue: '13200', walletBalance: '23.996' }),
    ]);
    // Alice sells 1 ETH to bob: the position shrinks, the average stays.
    await create(BOB, { side: 'Buy', qty: '1', price: '3500' });
    await create(ALICE, { side: 'Sell', qty: '1', price: '3500' });
    const after = await signed(s.url, ALICE, 'POST', POSITIONS, { symbol: 'ETHUSDT' });
    expect(after.body.result.list[0]).toMatchObject({ size: '2.996', avgPrice: '3303.30' });
    // Bob has fills on the pair too, but sold from a seeded balance: no known-cost holding.
    const bob = await signed(s.url, BOB, 'POST', POSITIONS, { symbol: 'ETHUSDT' });
    expect(bob.body.result.list).toEqual([expect.objectContaining({ size: '0.999', avgPrice: '3503.50' })]);
  });

  test('the page reaches it with its session (and the same-origin header)', async () => {
    const cookie = await login(s.url, ALICE.id);
    const res = await fetch(`${s.url}${POSITIONS}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'test' }, body: JSON.stringify({ needSort: 0 }) });
    expect(((await res.json()) as { result: { list: Array<{ symbol: string }> } }).result.list.map((p) => p.symbol)).toEqual(['ETHUSDT']);
  });

  test.each([
    ['needSort out of range', { needSort: 2 }, 10001, 'needSort must be 0 or 1'],
    ['unknown symbol', { symbol: 'NOPEUSDT' }, 170121, 'Invalid symbol'],
    ['symbol not a string', { symbol: 42 }, 170121, 'Invalid symbol'],
  ])('%s → %i with a clear message', async (_name, body, code, msg) => {
    const r = await signed(s.url, ALICE, 'POST', POSITIONS, body);
    expect(r.body.retCode).toBe(code);
    expect(r.body.retMsg).toContain(msg);
  });

  test('no credentials → 401; a session without the same-origin header → 403', async () => {
    const anon = await fetch(`${s.url}${POSITIONS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anon.status).toBe(401);
    const cookie = await login(s.url, ALICE.id);
    const csrf = await fetch(`${s.url}${POSITIONS}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(csrf.status).toBe(403);
  });
});

describe('GET the grid-bot list', () => {
  test("alice's seeded running bot sits around BTC/USDT's simulated price; her finished one is history", async () => {
    const running = await signed(s.url, ALICE, 'GET', GRID, { status: '2' });
    expect(running.body.retCode).toBe(0);
    expect(running.body.result.total).toBe(1);
    const [bot] = running.body.result.list;
    expect(bot).toMatchObject({ symbol: 'BTCUSDT', min_price: '91180.00', max_price: '102820.00', grid_number: 12, type: 'grade', status: 2, label: 'RUNNING', support: true });
    expect(Number(bot.min_price)).toBeLessThan(97000);
    expect(Number(bot.max_price)).toBeGreaterThan(97000);
    const history = await signed(s.url, ALICE, 'GET', GRID, { status: '3' });
    expect(history.body.result.list.map((b: { symbol: string; label: string }) => `${b.symbol} ${b.label}`)).toEqual(['ETHUSDT COMPLETED']);
    const eth = await signed(s.url, ALICE, 'GET', GRID, { status: '2', symbol: 'ETHUSDT' });
    expect(eth.body.result.list).toEqual([]);
  });

  test('a just-completed bot (status 5) comes with the running list, labelled completed (spec 4.9)', async () => {
    insertGridBot(s.db, { botId: 'grid-test-5', userId: ALICE.id, symbol: 'SOLUSDT', minPrice: '150', maxPrice: '230', gridNumber: 5, type: 'other', status: 5 });
    const r = await signed(s.url, ALICE, 'GET', GRID, { status: '2', symbol: 'SOLUSDT' });
    expect(r.body.result.list).toEqual([expect.objectContaining({ bot_id: 'grid-test-5', status: 5, label: 'COMPLETED' })]);
    const h = await signed(s.url, ALICE, 'GET', GRID, { status: '3', symbol: 'SOLUSDT' });
    expect(h.body.result.list).toEqual([]);
  });

  test('a listed running bot that never ran here (a seeded one) closes: it ends with nothing to settle; nobody else can close it', async () => {
    // Issue 32's walkthrough: alice's seeded bot was listed Running, and Close answered "Grid bot not found".
    insertGridBot(s.db, { botId: 'grid-test-seeded', userId: ALICE.id, symbol: 'ETHBTC', minPrice: '0.03', maxPrice: '0.04', gridNumber: 5, type: 'grade', status: 2 });
    const bobs = await signed(s.url, BOB, 'POST', '/v5/grid/close-grid', { grid_id: 'grid-test-seeded', close_mode: 3 });
    expect(bobs.body.retCode).toBe(404);
    const closed = await signed(s.url, ALICE, 'POST', '/v5/grid/close-grid', { grid_id: 'grid-test-seeded', close_mode: 3 });
    expect(closed.body).toMatchObject({ retCode: 0, result: { status_code: 200 } });
    const h = await signed(s.url, ALICE, 'GET', GRID, { status: '3', symbol: 'ETHBTC' });
    expect(h.body.result.list).toEqual([expect.objectContaining({ bot_id: 'grid-test-seeded', label: 'COMPLETED' })]);
    expect((await signed(s.url, ALICE, 'GET', GRID, { status: '2', symbol: 'ETHBTC' })).body.result.list).toEqual([]);
    // A second close finds nothing to end.
    expect((await signed(s.url, ALICE, 'POST', '/v5/grid/close-grid', { grid_id: 'grid-test-seeded', close_mode: 3 })).body.retCode).toBe(404);
  });

  test("bob sees only his own bots (none), never alice's", async () => {
    const r = await signed(s.url, BOB, 'GET', GRID, { status: '2', symbol: 'BTCUSDT' });
    expect(r.body).toMatchObject({ retCode: 0, result: { list: [], total: 0 } });
  });

  test('demo accounts and copy-trading leaders\' sub-accounts are refused, a leader\'s main account is not (spec 5.13): demo as Bybit answers what demo lacks', async () => {
    const demo = await signed(s.url, DEMO, 'GET', GRID, { status: '2' });
    expect(demo.body).toMatchObject({ retCode: 10032, retMsg: 'Demo trading are not supported.' });
    expect((await signed(s.url, LEADER, 'GET', GRID, { status: '2' })).body.retCode).toBe(0);
    s.db.prepare('UPDATE users SET parent_id = ? WHERE id = ?').run(ALICE.id, LEADER.id);
    const leader = await signed(s.url, LEADER, 'GET', GRID, { status: '2' });
    expect(leader.status).toBe(403);
    expect(leader.body.retCode).toBe(10005);
    expect(leader.body.retMsg).toMatch(/not available for copy-trading leader sub-accounts/);
    s.db.prepare('UPDATE users SET parent_id = NULL WHERE id = ?').run(LEADER.id);
  });

  test('a demo account may not place an OCO order (spec 6), and nothing is locked', async () => {
    const r = await signed(s.url, DEMO, 'POST', '/v5/order/create', {
      category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.01', orderFilter: 'OcoOrder',
      takeProfit: '200000', tpLimitPrice: '200000', stopLoss: '10000', slLimitPrice: '9900',
    });
    expect(r.body).toMatchObject({ retCode: 10032, retMsg: 'Demo trading are not supported.' });
    const open = await signed(s.url, DEMO, 'GET', '/v5/order/realtime', { category: 'spot', orderFilter: 'OcoOrder' });
    expect(open.body.result.list).toEqual([]);
  });

  test.each([
    ['missing status', {}, 10001, 'status is required'],
    ['status 4', { status: '4' }, 10001, 'status must be 2 (running) or 3 (history)'],
    ['status not a number', { status: 'running' }, 10001, 'status must be 2'],
    ['unknown symbol', { status: '2', symbol: 'NOPEUSDT' }, 170121, 'Invalid symbol'],
    ['pageSize over 80', { status: '2', pageSize: '81' }, 10001, 'pageSize must be 1-80'],
    ['history pageSize over 20', { status: '3', pageSize: '21' }, 10001, 'pageSize must be 1-20'],
    ['pageSize zero', { status: '2', pageSize: '0' }, 10001, 'pageSize'],
  ])('%s → %i with a clear message', async (_name, q, code, msg) => {
    const r = await signed(s.url, ALICE, 'GET', GRID, q as Record<string, string>);
    expect(r.body.retCode).toBe(code);
    expect(r.body.retMsg).toContain(msg);
  });

  test('no credentials → 401; the page session reads it', async () => {
    const anon = await fetch(`${s.url}${GRID}?status=2`);
    expect(anon.status).toBe(401);
    const cookie = await login(s.url, ALICE.id);
    const res = await fetch(`${s.url}${GRID}?status=2&symbol=BTCUSDT`, { headers: { cookie } });
    expect(((await res.json()) as { result: { total: number } }).result.total).toBe(1);
  });

  test('a restart keeps the bots and seeds nothing twice', async () => {
    const dataDir = s.dataDir;
    await s.stop();
    Object.assign(s, await startTestServer({ dataDir }));
    const n = (s.db.prepare('SELECT COUNT(*) AS n FROM grid_bots').get() as { n: number }).n;
    expect(n).toBe(4); // the two seeded, the just-completed one and the closed never-run one the tests above added
  });
});

describe('grid bot records', () => {
  test('a bad range or grid number is refused before it is stored', () => {
    const ok = { botId: 'x', userId: ALICE.id, symbol: 'BTCUSDT', minPrice: '90000', maxPrice: '100000', gridNumber: 10, type: 'grade', status: 2 } as const;
    expect(() => insertGridBot(s.db, { ...ok, minPrice: '100000' })).toThrow(/below max_price/);
    expect(() => insertGridBot(s.db, { ...ok, gridNumber: 1 })).toThrow(/grid_number/);
    expect(() => insertGridBot(s.db, { ...ok, gridNumber: 201 })).toThrow(/grid_number/);
    expect(() => insertGridBot(s.db, { ...ok, symbol: 'NOPE' })).toThrow(/unknown symbol/);
  });
});
