import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRESS_SYMBOLS, SYMBOLS } from '../../server/exchange/symbols.ts';
import { getJson, startTestExchange, type TestExchange } from './helpers.ts';

/** The stress preset's promise (config.ts): these rates in total, one client on every symbol. */
const MIN_BOOK_PER_S = 2000;
const MIN_TRADES_PER_S = 500;
/** Bybit's push period of orderbook.50; a faster push would be a cadence the real feed never has. */
const BOOK_50_PUSH_MS = 20;
// Long enough for the other test files' servers (run in parallel) to finish their startup work.
const WARMUP_MS = 1500;
const MEASURE_MS = 3000;

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange(['--stress']);
});
afterAll(async () => {
  await ex?.stop();
});

interface TopicState {
  u: number;
  ts: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

describe('stress preset', () => {
  it('lists the extra pairs only under --stress', async () => {
    const list = (await getJson(`${ex.http}/v5/market/instruments-info?category=spot`)).result.list;
    expect(list).toHaveLength(SYMBOLS.length + STRESS_SYMBOLS.length);
    const sim = list.find((s: any) => s.symbol === STRESS_SYMBOLS[0]!.symbol);
    expect(sim).toMatchObject({ status: 'Trading', quoteCoin: 'USDT', digitMerge: STRESS_SYMBOLS[0]!.digitMerge });
  });

  it(
    'pushes over 2,000 orderbook.50 messages/s and 500 trades/s at Bybit cadence, u+1 per push, fixed window',
    async () => {
      const list = (await getJson(`${ex.http}/v5/market/instruments-info?category=spot`)).result.list as Array<{ symbol: string }>;
      const topics = list.flatMap((s) => [`orderbook.50.${s.symbol}`, `publicTrade.${s.symbol}`]);
      const ws = new WebSocket(ex.ws);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const states = new Map<string, TopicState>();
      const problems: string[] = [];
      let counting = false;
      let book = 0;
      let trades = 0;
      let minGap = Infinity;
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (typeof m.topic !== 'string') {
          if (m.success === false) problems.push(`refused: ${m.ret_msg}`);
          return;
        }
        if (m.topic.startsWith('publicTrade.')) {
          if (counting) trades += m.data.length;
          return;
        }
        if (counting) book++;
        const prev = states.get(m.topic);
        if (m.type === 'snapshot') {
          states.set(m.topic, { u: m.data.u, ts: m.ts, bids: new Map(m.data.b), asks: new Map(m.data.a) });
          return;
        }
        if (!prev) {
          problems.push(`${m.topic}: delta before snapshot`);
          return;
        }
        if (m.data.u !== prev.u + 1) problems.push(`${m.topic}: u ${prev.u} -> ${m.data.u}`);
        minGap = Math.min(minGap, m.ts - prev.ts);
        for (const [side, levels] of [
          [prev.bids, m.data.b],
          [prev.asks, m.data.a],
        ] as const) {
          for (const [p, q] of levels as string[][]) {
            if (q === '0') side.delete(p!);
            else side.set(p!, q!);
          }
        }
        // The window never grows past 50 and never crosses. It may hold fewer than 50 levels: a
        // stress burst can sweep a book thinner than that, and the window shows what exists.
        if (prev.bids.size > 50 || prev.asks.size > 50) problems.push(`${m.topic}: window ${prev.bids.size}/${prev.asks.size}`);
        if (prev.bids.size > 0 && prev.asks.size > 0 && maxKey(prev.bids) >= minKey(prev.asks)) problems.push(`${m.topic}: crossed`);
        prev.u = m.data.u;
        prev.ts = m.ts;
      });
      for (let i = 0; i < topics.length; i += 10) ws.send(JSON.stringify({ op: 'subscribe', args: topics.slice(i, i + 10) }));
      await new Promise((r) => setTimeout(r, WARMUP_MS));
      counting = true;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, MEASURE_MS));
      counting = false;
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      ws.terminate();
      const bookPerS = book / seconds;
      const tradesPerS = trades / seconds;
      // Server and client share this process; printed so a slow run shows where it stood.
      console.info(
        `stress: ${Math.round(bookPerS)} book msgs/s, ${Math.round(tradesPerS)} trades/s, ${states.size} books, ` +
          `min gap ${minGap} ms, cpu ${Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100)}% (server + client)`,
      );
      expect(problems.slice(0, 5)).toEqual([]);
      // Every subscription got its snapshot (the not-yet-open symbol's is empty and stays silent).
      expect(states.size).toBe(list.length);
      expect(minGap).toBeGreaterThanOrEqual(BOOK_50_PUSH_MS);
      expect(bookPerS).toBeGreaterThan(MIN_BOOK_PER_S);
      expect(tradesPerS).toBeGreaterThan(MIN_TRADES_PER_S);
    },
    15_000,
  );
});

function maxKey(m: Map<string, string>): number {
  let best = -Infinity;
  for (const k of m.keys()) best = Math.max(best, Number(k));
  return best;
}

function minKey(m: Map<string, string>): number {
  let best = Infinity;
  for (const k of m.keys()) best = Math.min(best, Number(k));
  return best;
}
