// Issue 36 item 4: the shipped volatile hour replayed at 100× through the v5 endpoints plays in
// under a minute, and the book, the tape and the candles a client sees are the recording's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { parseRecording, type RecordedEvent, type Recording } from '../../server/exchange/replay/format.ts';
import { REPLAY_CONTROL_PATH, REPLAY_STATE_PATH } from '../../src/protocol/replay.ts';
import { getJson, postJson, TestSocket } from './helpers.ts';

const FILE = 'server/replays/volatile-hour.rec.gz';
const SYMBOL = 'BTCUSDT';
let rec: Recording;
let server: RunningServer;
let http: string;
let dir: string;

beforeAll(async () => {
  rec = parseRecording(readFileSync(FILE), FILE);
  dir = mkdtempSync(join(tmpdir(), 'replay-'));
  // Paused at the start until the test has subscribed.
  const config = parseConfig(['--port', '0', '--data', dir, '--quiet', '--replay', FILE, '--speed', '100'], {});
  server = await startServer(config, [createExchangeInstaller({ replay: rec })]);
  http = server.url.replace(/\/$/, '');
  await postJson(`${http}${REPLAY_CONTROL_PATH}`, { action: 'pause' });
  await postJson(`${http}${REPLAY_CONTROL_PATH}`, { action: 'seek', time: rec.header.startTime });
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Trade = Extract<RecordedEvent, { kind: 't' }>;
type Candle = Extract<RecordedEvent, { kind: 'k' }>;

/** The recording's book of a symbol at its end. */
function bookAtEnd(sym: number): { bids: Array<[number, number]>; asks: Array<[number, number]> } {
  const bids = new Map<number, number>();
  const asks = new Map<number, number>();
  for (const e of rec.events) {
    if (e.kind !== 'b' || e.sym !== sym) continue;
    for (let i = 0; i < e.bids.length; i += 2) (e.bids[i + 1] === 0 ? bids.delete(e.bids[i]!) : bids.set(e.bids[i]!, e.bids[i + 1]!));
    for (let i = 0; i < e.asks.length; i += 2) (e.asks[i + 1] === 0 ? asks.delete(e.asks[i]!) : asks.set(e.asks[i]!, e.asks[i + 1]!));
  }
  return { bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) };
}

const ticks = (price: string) => Math.round(Number(price) * 100); // BTCUSDT: tick 0.01
const lots = (qty: string) => Math.round(Number(qty) * 1e6); // lot 0.000001

describe('replaying the volatile hour', () => {
  it('answers its state and refuses bad controls', async () => {
    const s = await getJson(`${http}${REPLAY_STATE_PATH}`);
    expect(s.retCode).toBe(0);
    expect(s.result).toMatchObject({ replaying: true, startTime: rec.header.startTime, endTime: rec.endTime, speed: 100, playing: false });
    expect(rec.endTime - rec.header.startTime).toBeGreaterThanOrEqual(59 * 60_000);
    for (const body of [{ action: 'speed', speed: 101 }, { action: 'speed', speed: 0.5 }, { action: 'rewind' }, { action: 'seek', time: 5 }, { action: 'seek' }, {}]) {
      const r = await postJson(`${http}${REPLAY_CONTROL_PATH}`, body);
      expect(r.retCode, JSON.stringify(body)).toBe(10001);
    }
  });

  it('plays at 100× in under a minute; book, tape and candles agree with the recording', async () => {
    const sym = rec.header.symbols.indexOf(SYMBOL);
    const ws = await TestSocket.open(`${http.replace('http', 'ws')}/v5/public/spot`);
    const tape: string[] = [];
    const book = { bids: new Map<number, number>(), asks: new Map<number, number>() };
    const klines = new Map<number, { o: number; h: number; l: number; c: number; v: number }>();
    ws.ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.topic === `publicTrade.${SYMBOL}`) for (const t of m.data) tape.push(`${t.i} ${ticks(t.p)} ${lots(t.v)} ${t.S}`);
      if (m.topic === `orderbook.200.${SYMBOL}`) {
        if (m.type === 'snapshot') (book.bids.clear(), book.asks.clear());
        for (const [p, q] of m.data.b) (lots(q) === 0 ? book.bids.delete(ticks(p)) : book.bids.set(ticks(p), lots(q)));
        for (const [p, q] of m.data.a) (lots(q) === 0 ? book.asks.delete(ticks(p)) : book.asks.set(ticks(p), lots(q)));
      }
      if (m.topic === `kline.1.${SYMBOL}`) for (const k of m.data) if (k.confirm) klines.set(k.start, { o: ticks(k.open), h: ticks(k.high), l: ticks(k.low), c: ticks(k.close), v: lots(k.volume) });
    });
    ws.send({ op: 'subscribe', args: [`publicTrade.${SYMBOL}`, `orderbook.200.${SYMBOL}`, `kline.1.${SYMBOL}`] });
    await ws.next((m) => m.op === 'subscribe');
    const t0 = Date.now();
    await postJson(`${http}${REPLAY_CONTROL_PATH}`, { action: 'play' });
    let state;
    do {
      await new Promise((r) => setTimeout(r, 250));
      state = (await getJson(`${http}${REPLAY_STATE_PATH}`)).result;
    } while (!state.ended && Date.now() - t0 < 60_000);
    const took = Date.now() - t0;
    expect(state.ended, `ended after ${took} ms`).toBe(true);
    expect(took).toBeLessThan(60_000);
    // Let the last pushes arrive.
    await new Promise((r) => setTimeout(r, 300));
    ws.close();

    // The tape: every recorded trade, in order, none added.
    const trades = rec.events.filter((e): e is Trade => e.kind === 't' && e.sym === sym);
    expect(tape.length).toBe(trades.length);
    expect(tape).toEqual(trades.map((t) => `${t.id} ${t.price} ${t.qty} ${t.side}`));
    // The book on the socket and on REST: the recording's at its end.
    const want = bookAtEnd(sym);
    expect([...book.bids].sort((a, b) => b[0] - a[0])).toEqual(want.bids);
    expect([...book.asks].sort((a, b) => a[0] - b[0])).toEqual(want.asks);
    const ob = (await getJson(`${http}/v5/market/orderbook?category=spot&symbol=${SYMBOL}&limit=200`)).result;
    expect(ob.b.map(([p, q]: string[]) => [ticks(p!), lots(q!)])).toEqual(want.bids);
    expect(ob.a.map(([p, q]: string[]) => [ticks(p!), lots(q!)])).toEqual(want.asks);
    // The last trade on REST and the ticker's last price.
    const last = trades[trades.length - 1]!;
    const rt = (await getJson(`${http}/v5/market/recent-trade?category=spot&symbol=${SYMBOL}&limit=1`)).result.list[0];
    expect([rt.execId, ticks(rt.price), lots(rt.size), rt.side, Number(rt.time)]).toEqual([last.id, last.price, last.qty, last.side, last.ts]);
    const tk = (await getJson(`${http}/v5/market/tickers?category=spot&symbol=${SYMBOL}`)).result.list[0];
    expect(ticks(tk.lastPrice)).toBe(last.price);
    // The minute candles: each one the recording closed, on the socket and on REST.
    const recorded = rec.events.filter((e): e is Candle => e.kind === 'k' && e.sym === sym && e.start >= rec.header.startTime);
    expect(recorded.length).toBeGreaterThanOrEqual(59);
    const rest = (await getJson(`${http}/v5/market/kline?category=spot&symbol=${SYMBOL}&interval=1&start=${rec.header.startTime}&limit=1000`)).result.list as string[][];
    const byStart = new Map(rest.map((r) => [Number(r[0]), r]));
    for (const k of recorded) {
      const want = { o: k.open, h: k.high, l: k.low, c: k.close, v: k.volume };
      expect(klines.get(k.start), `kline ${k.start} on the socket`).toEqual(want);
      const r = byStart.get(k.start)!;
      expect({ o: ticks(r[1]!), h: ticks(r[2]!), l: ticks(r[3]!), c: ticks(r[4]!), v: lots(r[5]!) }, `kline ${k.start} on REST`).toEqual(want);
    }
    // The hour is volatile: a spike over 4 % and a crash of over 10 % from the high.
    const highs = recorded.map((k) => k.high);
    const first = recorded[0]!.open;
    const high = Math.max(...highs);
    expect(high / first).toBeGreaterThan(1.04);
    expect(Math.min(...recorded.map((k) => k.low)) / high).toBeLessThan(0.9);
  }, 90_000);

  it('seeks back: the book and last trade become the recording\'s at that time', async () => {
    const sym = rec.header.symbols.indexOf(SYMBOL);
    const t = rec.header.startTime + 20 * 60_000;
    const r = await postJson(`${http}${REPLAY_CONTROL_PATH}`, { action: 'seek', time: t });
    expect(r.result).toMatchObject({ time: t, playing: false, ended: false });
    const before = rec.events.filter((e): e is Trade => e.kind === 't' && e.sym === sym && e.ts <= t);
    const rt = (await getJson(`${http}/v5/market/recent-trade?category=spot&symbol=${SYMBOL}&limit=1`)).result.list[0];
    expect(rt.execId).toBe(before[before.length - 1]!.id);
    // Back to the very start: no replayed trade yet, so the last price is the history's last close
    // (the first candle the recording closed), not the price the replay had reached.
    await postJson(`${http}${REPLAY_CONTROL_PATH}`, { action: 'seek', time: rec.header.startTime });
    const firstClosed = rec.events.find((e): e is Candle => e.kind === 'k' && e.sym === sym)!;
    expect(rec.events.some((e) => e.kind === 't' && e.sym === sym && e.ts < firstClosed.ts)).toBe(false);
    const tk = (await getJson(`${http}/v5/market/tickers?category=spot&symbol=${SYMBOL}`)).result.list[0];
    expect(ticks(tk.lastPrice)).toBe(firstClosed.close);
    expect((await getJson(`${http}/v5/market/recent-trade?category=spot&symbol=${SYMBOL}&limit=1`)).result.list).toEqual([]);
  });
});
