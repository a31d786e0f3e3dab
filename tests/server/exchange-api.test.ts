import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import WebSocket from 'ws';
import { SYMBOL_BY_NAME, SYMBOLS } from '../../server/exchange/symbols.ts';
import { getJson, startTestExchange, TestSocket, type TestExchange } from './helpers.ts';
import { faults } from '../support/faults.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

const market = (q: string) => getJson(`${ex.http}/v5/market/${q}`);

describe('REST market data', () => {
  it('wraps results in the v5 envelope', async () => {
    const r = await market('tickers?category=spot&symbol=BTCUSDT');
    expect(Object.keys(r)).toEqual(['retCode', 'retMsg', 'result', 'retExtInfo', 'time']);
    expect(r.retCode).toBe(0);
    const t = r.result.list[0];
    for (const k of ['bid1Price', 'ask1Price', 'lastPrice', 'volume24h', 'turnover24h', 'price24hPcnt']) expect(typeof t[k]).toBe('string');
    expect(Number(t.bid1Price)).toBeLessThan(Number(t.ask1Price));
  });

  it('validates parameters Bybit-style', async () => {
    expect(await market('orderbook?symbol=BTCUSDT')).toMatchObject({ retCode: 10001, result: {} });
    expect(await market('orderbook?category=spot&symbol=NOPE')).toMatchObject({ retCode: 10001, retMsg: 'Not supported symbols' });
    expect((await market('orderbook?category=spot&symbol=BTCUSDT&limit=1001')).retCode).toBe(10001);
    expect((await market('recent-trade?category=spot&symbol=BTCUSDT&limit=61')).retCode).toBe(10001);
    expect(await market('kline?category=spot&symbol=BTCUSDT&interval=7')).toMatchObject({ retCode: 10001, retMsg: 'Invalid period!' });
    expect((await market('tickers?category=bogus')).retCode).toBe(10001);
  });

  it('serves a sorted, uncrossed order book of the asked depth', async () => {
    const r = (await market('orderbook?category=spot&symbol=ETHUSDT&limit=50')).result;
    expect(r.b).toHaveLength(50);
    const bids = r.b.map((l: string[]) => Number(l[0]));
    const asks = r.a.map((l: string[]) => Number(l[0]));
    expect([...bids].sort((x, y) => y - x)).toEqual(bids);
    expect([...asks].sort((x, y) => x - y)).toEqual(asks);
    expect(bids[0]).toBeLessThan(asks[0]);
  });

  it('has candle history for every interval, newest first, 2 years of days', async () => {
    for (const iv of ['1s', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', 'D', 'W', 'M']) {
      const r = await market(`kline?category=spot&symbol=BTCUSDT&interval=${iv}&limit=5`);
      expect(r.result.list.length, iv).toBeGreaterThan(1);
      const starts = r.result.list.map((c: string[]) => Number(c[0]));
      expect(starts[0], iv).toBeGreaterThan(starts[1]);
    }
    const days = await market('kline?category=spot&symbol=BTCUSDT&interval=D&limit=1000');
    expect(days.result.list.length).toBe(1000);
    const oldest = Number(days.result.list.at(-1)[0]);
    expect(Date.now() - oldest).toBeGreaterThan(2 * 365 * 86_400_000);
    const c = days.result.list[0];
    expect(Number(c[2])).toBeGreaterThanOrEqual(Math.max(Number(c[1]), Number(c[4])));
    expect(Number(c[3])).toBeLessThanOrEqual(Math.min(Number(c[1]), Number(c[4])));
  });

  it('gives every instrument its merge steps (digitMerge, local extension) and no stress-only pairs', async () => {
    const list = (await market('instruments-info?category=spot')).result.list;
    expect(list.map((s: any) => s.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    for (const row of list) {
      expect(row.digitMerge, row.symbol).toBe(SYMBOL_BY_NAME.get(row.symbol)!.digitMerge);
      // Spec 3: a comma list of digits and dots, and the finest step is the tick size.
      expect(row.digitMerge, row.symbol).toMatch(/^[\d.]+(,[\d.]+)*$/);
      expect(row.digitMerge.split(',')[0], row.symbol).toBe(row.priceFilter.tickSize);
    }
    const one = (await market('instruments-info?category=spot&symbol=BTCUSDT')).result.list;
    expect(one[0].digitMerge).toBe('0.01,0.1,1,10,100');
  });

  it('lists the innovation and pre-launch symbols and the leveraged token NAV', async () => {
    const list = (await market('instruments-info?category=spot')).result.list;
    expect(list.find((s: any) => s.symbol === 'PEPEUSDT').innovation).toBe('1');
    const nu = list.find((s: any) => s.symbol === 'NEWUSDT');
    expect(nu.status).toBe('PreLaunch');
    expect(Number(nu.launchTime)).toBeGreaterThan(Date.now());
    const lt = (await market('tickers?category=spot&symbol=BTC3LUSDT')).result.list[0];
    expect(Number(lt.nav)).toBeGreaterThan(0);
    // The real leverage of the NAV engine, within its rebalancing band.
    expect(Number(lt.leverage)).toBeGreaterThanOrEqual(2);
    expect(Number(lt.leverage)).toBeLessThanOrEqual(4);
  });

  it('delays or fails any REST path through the fault controls', async () => {
    await faults(ex.http).rest({ path: '/v5/market/time', fail: { retCode: 10016, retMsg: 'boom' }, times: 1 });
    expect(await market('time')).toMatchObject({ retCode: 10016, retMsg: 'boom' });
    expect((await market('time')).retCode).toBe(0);
    await faults(ex.http).rest({ path: '/v5/market/time', delayMs: 300, times: 1 });
    const t0 = Date.now();
    await market('time');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
  });

  it('a scoped fault fails only requests carrying its fault_scope cookie', async () => {
    const time = (cookie?: string) => fetch(`${ex.http}/v5/market/time`, { headers: cookie ? { cookie } : {} }).then((r) => r.json());
    await faults(ex.http).rest({ path: '/v5/market/time', scope: 'mine', fail: { retCode: 10016, retMsg: 'scoped' } });
    expect((await time()).retCode).toBe(0);
    expect((await time('fault_scope=other')).retCode).toBe(0);
    expect(await time('a=1; fault_scope=mine')).toMatchObject({ retCode: 10016, retMsg: 'scoped' });
    // Clearing another scope leaves it; clearing its own removes it.
    await faults(ex.http).restClear({ path: '/v5/market/time', scope: 'other' });
    expect((await time('fault_scope=mine')).retCode).toBe(10016);
    await faults(ex.http).restClear({ path: '/v5/market/time', scope: 'mine' });
    expect((await time('fault_scope=mine')).retCode).toBe(0);
  });
});

describe('public spot WebSocket', () => {
  it('a scoped pause silences one fault scope\'s sockets only, and resumes them with a snapshot', async () => {
    const open = async (cookie?: string) => {
      const ws = new WebSocket(ex.ws, cookie ? { headers: { cookie } } : {});
      const got: any[] = [];
      ws.on('message', (d) => got.push(JSON.parse(String(d))));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ op: 'subscribe', args: ['orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT'] }));
      return { ws, got, pushes: () => got.filter((m) => m.topic).length };
    };
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 250 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(pred()).toBe(true);
    };
    const quiet = await open('fault_scope=quiet');
    const other = await open();
    await until(() => quiet.pushes() > 0 && other.pushes() > 0);
    await faults(ex.http).pause({ symbol: 'BTCUSDT', scope: 'quiet' });
    const q0 = quiet.pushes();
    const o0 = other.pushes();
    // The other socket keeps getting pushes while the quiet one gets none.
    await until(() => other.pushes() > o0 + 20);
    expect(quiet.pushes()).toBeLessThanOrEqual(q0 + 1);
    const seen = quiet.got.length;
    await faults(ex.http).resume({ symbol: 'BTCUSDT', scope: 'quiet' });
    // Back with a snapshot first, as after any gap in its deltas.
    const firstBook = () => quiet.got.slice(seen).find((m) => m.topic === 'orderbook.50.BTCUSDT');
    await until(() => firstBook() !== undefined);
    expect(firstBook().type).toBe('snapshot');
    quiet.ws.close();
    other.ws.close();
  });

  it('the feed-stats fault control counts the market pushes the exchange sent', async () => {
    const ws = new WebSocket(ex.ws);
    let pushes = 0;
    ws.on('message', (d) => {
      if (JSON.parse(String(d)).topic) pushes++;
    });
    await new Promise((r) => ws.once('open', r));
    const s0 = (await faults(ex.http).feedStats({})) as { sent: number; skipped: number };
    ws.send(JSON.stringify({ op: 'subscribe', args: ['orderbook.50.ETHUSDT'] }));
    for (let i = 0; i < 250 && pushes < 10; i++) await new Promise((r) => setTimeout(r, 20));
    // Received before the count is asked for, so sent before it too.
    const got = pushes;
    const s1 = (await faults(ex.http).feedStats({})) as { sent: number; skipped: number };
    ws.close();
    expect(got).toBeGreaterThanOrEqual(10);
    // Every push this socket got was counted (other sockets of this process may add more).
    expect(s1.sent - s0.sent).toBeGreaterThanOrEqual(got);
    expect(s1.skipped).toBeGreaterThanOrEqual(0);
  });

  it('a paused book on the wire is the exchange\'s book: what changes it during the pause is still pushed', async () => {
    // An exchange of its own, with accounts, so alice can place an order during the pause.
    const full = await startTestExchange([], { accounts: true });
    const s = await TestSocket.open(full.ws);
    const book = { b: new Map<string, string>(), a: new Map<string, string>() };
    let pushes = 0;
    s.ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.topic !== 'orderbook.50.SOLUSDT') return;
      pushes++;
      if (m.type === 'snapshot') {
        book.b.clear();
        book.a.clear();
      }
      for (const side of ['b', 'a'] as const) for (const [p, q] of m.data[side]) q === '0' ? book[side].delete(p) : book[side].set(p, q);
    });
    s.send({ op: 'subscribe', args: ['orderbook.50.SOLUSDT'] });
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 250 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(pred()).toBe(true);
    };
    await until(() => pushes > 0);
    await faults(full.http).pause({ symbol: 'SOLUSDT' });
    try {
      // alice rests a buy below the book while the flow is stopped: the exchange pushes that level.
      const rest = new RestClientV5({ baseUrl: full.http, key: 'LOCALALICEKEY00001', secret: 'local-alice-secret-0000000000000001' });
      const snap = await getJson(`${full.http}/v5/market/orderbook?category=spot&symbol=SOLUSDT&limit=50`);
      const price = (Number(snap.result.b[0][0]) - 0.37).toFixed(2);
      const placed = await rest.submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '0.5', price });
      expect(placed.retCode).toBe(0);
      const rows = (list: string[][]) => list.map(([p, q]) => `${p} ${q}`).join(',');
      const shown = (side: 'b' | 'a') => [...book[side]].sort((x, y) => (side === 'b' ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0]))).map(([p, q]) => `${p} ${q}`).join(',');
      // The pushed book converges to the exchange's (the order's level included) and stays there.
      let same = false;
      for (let i = 0; i < 100 && !same; i++) {
        const now = (await getJson(`${full.http}/v5/market/orderbook?category=spot&symbol=SOLUSDT&limit=50`)).result;
        same = shown('b') === rows(now.b) && shown('a') === rows(now.a) && book.b.has(price);
        if (!same) await new Promise((r) => setTimeout(r, 20));
      }
      expect(same).toBe(true);
    } finally {
      s.ws.close();
      await full.stop();
    }
  });

  it('acks subscribe echoing req_id, then snapshot, then consecutive deltas', async () => {
    const s = await TestSocket.open(ex.ws);
    s.send({ req_id: 42, op: 'subscribe', args: ['orderbook.50.BTCUSDT'] });
    const ack = await s.next((m) => m.op === 'subscribe');
    expect(ack).toMatchObject({ success: true, ret_msg: 'subscribe', req_id: 42, op: 'subscribe' });
    expect(Object.keys(ack)).toEqual(['success', 'ret_msg', 'conn_id', 'req_id', 'op']);
    const snap = await s.next((m) => m.topic === 'orderbook.50.BTCUSDT');
    expect(snap.type).toBe('snapshot');
    expect(Object.keys(snap)).toEqual(['topic', 'ts', 'type', 'data', 'cts']);
    expect(Object.keys(snap.data)).toEqual(['s', 'b', 'a', 'u', 'seq']);
    const book = { b: new Map<string, string>(snap.data.b), a: new Map<string, string>(snap.data.a) };
    expect(book.b.size).toBe(50);
    let u = snap.data.u;
    let seq = snap.data.seq;
    for (let i = 0; i < 15; i++) {
      const d = await s.next((m) => m.topic === 'orderbook.50.BTCUSDT');
      expect(d.type).toBe('delta');
      expect(d.data.u).toBe(u + 1);
      expect(d.data.seq).toBeGreaterThanOrEqual(seq);
      u = d.data.u;
      seq = d.data.seq;
      for (const side of ['b', 'a'] as const) {
        for (const [p, q] of d.data[side]) {
          expect(typeof p).toBe('string');
          if (q === '0') book[side].delete(p);
          else book[side].set(p, q);
        }
      }
      // The fixed window: exactly 50 per side after every delta, and never crossed.
      expect(book.b.size).toBe(50);
      expect(book.a.size).toBe(50);
      expect(Math.max(...[...book.b.keys()].map(Number))).toBeLessThan(Math.min(...[...book.a.keys()].map(Number)));
    }
    s.close();
  });

  it('answers unknown topics and malformed JSON, keeps the connection, pongs', async () => {
    const s = await TestSocket.open(ex.ws);
    s.send({ req_id: 'x', op: 'subscribe', args: ['orderbook.50.NOPE'] });
    expect(await s.next((m) => m.op === 'subscribe')).toMatchObject({ success: false, ret_msg: 'Invalid symbol :[orderbook.50.NOPE]', req_id: 'x' });
    s.send({ op: 'subscribe', args: ['nonsense.topic'] });
    expect((await s.next((m) => m.op === 'subscribe')).ret_msg).toContain('handler not found');
    s.send('{not json');
    expect((await s.next((m) => m.success === false)).op).toBe('');
    s.send({ req_id: '100001', op: 'ping' });
    expect(await s.next((m) => m.op === 'ping')).toMatchObject({ success: true, ret_msg: 'pong', req_id: '100001' });
    s.close();
  });

  it('sends depth 1 as snapshots only and trades/tickers/klines in Bybit shape', async () => {
    const s = await TestSocket.open(ex.ws);
    s.send({ op: 'subscribe', args: ['orderbook.1.BTCUSDT', 'publicTrade.BTCUSDT', 'tickers.BTCUSDT', 'kline.1.BTCUSDT'] });
    for (let i = 0; i < 5; i++) expect((await s.next((m) => m.topic === 'orderbook.1.BTCUSDT')).type).toBe('snapshot');
    const t = await s.next((m) => m.topic === 'publicTrade.BTCUSDT', 8000);
    expect(Object.keys(t.data[0])).toEqual(['i', 'T', 'p', 'v', 'S', 'seq', 's', 'BT', 'RPI']);
    const tk = await s.next((m) => m.topic === 'tickers.BTCUSDT');
    expect(Object.keys(tk)).toEqual(['topic', 'ts', 'type', 'cs', 'data']);
    const k = await s.next((m) => m.topic === 'kline.1.BTCUSDT');
    expect(k.data[0]).toMatchObject({ interval: '1', confirm: false });
    s.close();
  });

  it('restarts a topic at u=1 and skips a sequence number on request', async () => {
    const s = await TestSocket.open(ex.ws);
    s.send({ op: 'subscribe', args: ['orderbook.50.ETHUSDT'] });
    const snap = await s.next((m) => m.topic === 'orderbook.50.ETHUSDT');
    await faults(ex.http).skipSeq({ topic: 'orderbook.50.ETHUSDT' });
    let prev = snap.data.u;
    let gap = false;
    for (let i = 0; i < 50 && !gap; i++) {
      const d = await s.next((m) => m.topic === 'orderbook.50.ETHUSDT');
      gap = d.data.u === prev + 2;
      prev = d.data.u;
    }
    expect(gap).toBe(true);
    await faults(ex.http).restartTopic({ topic: 'orderbook.50.ETHUSDT' });
    const restart = await s.next((m) => m.topic === 'orderbook.50.ETHUSDT' && m.data.u === 1);
    expect(restart.type).toBe('snapshot');
    expect((await s.next((m) => m.topic === 'orderbook.50.ETHUSDT')).data.u).toBe(2);
    s.close();
  });

  it('moves a price by fault control and prints a trade there', async () => {
    const r = await faults(ex.http).price({ symbol: 'SOLUSDT', price: 250 });
    expect(r.ok).toBe(true);
    const t = (await market('tickers?category=spot&symbol=SOLUSDT')).result.list[0];
    expect(Math.abs(Number(t.lastPrice) - 250)).toBeLessThan(2);
  });
});
