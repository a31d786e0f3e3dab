// Issue 36 item 4: the market recording format (server/exchange/replay/format.ts) and its recorder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EventEncoder, headerLine, parseRecording, RecordingError, RECORDING_FORMAT, RECORDING_VERSION, type RecordedEvent } from '../../server/exchange/replay/format.ts';
import { MarketRecorder, RecordingWriter } from '../../server/exchange/replay/recorder.ts';
import { Markets } from '../../server/exchange/sim/markets.ts';
import { startTestExchange } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'replay-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const START = Date.UTC(2026, 2, 2, 14);
const HEADER = { format: RECORDING_FORMAT, version: RECORDING_VERSION, startTime: START, depth: 200, symbols: ['BTCUSDT', 'ETHUSDT'] } as const;

const EVENTS: RecordedEvent[] = [
  { kind: 'b', ts: START + 5, sym: 0, bids: [9_699_990, 120, 9_700_000, 35], asks: [9_700_001, 7, 9_700_100, 2_000] },
  { kind: 't', ts: START + 5, sym: 0, id: '2100000000000000041', price: 9_700_001, qty: 3, side: 'Buy' },
  { kind: 't', ts: START + 6, sym: 0, id: '2100000000000000042', price: 9_700_001, qty: 4, side: 'Buy' },
  { kind: 't', ts: START + 9, sym: 1, id: '2101000000000000007', price: 340_000, qty: 10, side: 'Sell' },
  { kind: 'b', ts: START + 100, sym: 0, bids: [9_700_000, 0], asks: [] },
  { kind: 'k', ts: START + 60_000, sym: 0, start: START, open: 9_700_001, high: 9_700_001, low: 9_700_001, close: 9_700_001, volume: 7 },
];

function encode(events: readonly RecordedEvent[]): string {
  const enc = new EventEncoder(START);
  return headerLine(HEADER) + events.map((e) => enc.line(e)).join('');
}

describe('market recording format', () => {
  it('reads back what it wrote, gzip or plain', () => {
    const text = encode(EVENTS);
    // Consecutive trade ids are written as "+", prices after the first of a side as steps.
    expect(text).toContain(' t 0 + 9700001 4 B');
    expect(text).toContain(' b 0 9699990:120,10:35 9700001:7,99:2000');
    for (const bytes of [gzipSync(text), Buffer.from(text)]) {
      const r = parseRecording(bytes);
      expect(r.header).toEqual(HEADER);
      expect(r.events).toEqual(EVENTS);
      expect(r.endTime).toBe(START + 60_000);
      expect(r.truncated).toBe(false);
    }
  });

  it('a file cut short reads up to its last whole event and says it was cut', () => {
    const text = encode(EVENTS);
    const cut = parseRecording(Buffer.from(text.slice(0, text.length - 10)));
    expect(cut.truncated).toBe(true);
    expect(cut.events).toEqual(EVENTS.slice(0, -1));
    // A gzip stream cut off mid-way (a killed recorder): what inflates is kept.
    const big = encode(Array.from({ length: 3000 }, (_, i) => ({ kind: 't' as const, ts: START + i, sym: 1, id: `x${i * 7919}`, price: 340_000 + ((i * 7919) % 997), qty: 1 + (i % 13), side: 'Sell' as const })));
    const gz = gzipSync(big);
    const part = parseRecording(gz.subarray(0, Math.floor(gz.length * 0.6)));
    expect(part.truncated).toBe(true);
    expect(part.events.length).toBeGreaterThan(100);
    expect(part.events.length).toBeLessThan(3000);
    expect(part.events).toEqual(parseRecording(gz).events.slice(0, part.events.length));
  });

  it('a corrupt or foreign file is a RecordingError that names the place', () => {
    const text = encode(EVENTS);
    const gz = gzipSync(text);
    const bad = Buffer.from(gz);
    for (let i = 20; i < 40; i++) bad[i] = bad[i]! ^ 0x5a;
    expect(() => parseRecording(bad, 'x.rec.gz')).toThrow(RecordingError);
    expect(() => parseRecording(Buffer.from(''), 'e')).toThrow(/e: empty/);
    expect(() => parseRecording(Buffer.from('hello\n'), 'h')).toThrow(/h: not a market recording/);
    expect(() => parseRecording(Buffer.from(headerLine({ ...HEADER, version: 9 })), 'v')).toThrow(/version 9 is not supported/);
    const lines = text.split('\n');
    lines[2] = '3 t 0 77 97x0001 4 B';
    expect(() => parseRecording(Buffer.from(lines.join('\n')), 'f')).toThrow(/f: line 3: bad price/);
    lines[2] = '3 q 0 1';
    expect(() => parseRecording(Buffer.from(lines.join('\n')), 'f')).toThrow(/f: line 3: unknown event kind "q"/);
    lines[2] = '3 t 5 + 1 1 B';
    expect(() => parseRecording(Buffer.from(lines.join('\n')), 'f')).toThrow(/line 3: symbol index 5 is not in the header/);
  });

  it('the recorder writes the simulator\'s book, trades and minute candles as the markets had them', async () => {
    let now = START;
    const markets = new Markets({ rate: 3, stress: false, startTime: START, autoStart: false, clock: () => now });
    const path = join(dir, 'sim.rec.gz');
    const writer = new RecordingWriter(path, { timer: false });
    new MarketRecorder(markets, writer, { symbols: ['BTCUSDT', 'SOLUSDT'] });
    while (now < START + 125_020) { // the last step is a 100 ms sample (the first was at +20)
      now += 20;
      markets.tick(now);
      if (now % 5000 === 0) writer.flush();
    }
    await writer.close();
    const r = parseRecording(readFileSync(path));
    expect(r.header.symbols).toEqual(['BTCUSDT', 'SOLUSDT']);
    ['BTCUSDT', 'SOLUSDT'].forEach((symbol, sym) => {
      const m = markets.bySymbol.get(symbol)!;
      // The book rebuilt from the changes is the engine's top 200 (as of the last 100 ms sample).
      const bids = new Map<number, number>();
      const asks = new Map<number, number>();
      for (const e of r.events) {
        if (e.kind !== 'b' || e.sym !== sym) continue;
        for (let i = 0; i < e.bids.length; i += 2) (e.bids[i + 1] === 0 ? bids.delete(e.bids[i]!) : bids.set(e.bids[i]!, e.bids[i + 1]!));
        for (let i = 0; i < e.asks.length; i += 2) (e.asks[i + 1] === 0 ? asks.delete(e.asks[i]!) : asks.set(e.asks[i]!, e.asks[i + 1]!));
      }
      const d = m.engine.depth(200);
      expect([...bids].sort((a, b) => b[0] - a[0])).toEqual(d.bids.map((l) => [l.priceTicks, l.totalLots]));
      expect([...asks].sort((a, b) => a[0] - b[0])).toEqual(d.asks.map((l) => [l.priceTicks, l.totalLots]));
      const trades = r.events.filter((e) => e.kind === 't' && e.sym === sym) as Array<Extract<RecordedEvent, { kind: 't' }>>;
      expect(trades.length).toBeGreaterThan(50);
      expect(trades.slice(-20).map((t) => [t.id, t.price, t.qty, t.side])).toEqual(m.recent.slice(-20).map((t) => [t.id, t.priceTicks, t.qtyLots, t.side]));
      // The minutes that closed while it recorded (two, and the history's last one), as the store has them.
      const ks = r.events.filter((e) => e.kind === 'k' && e.sym === sym) as Array<Extract<RecordedEvent, { kind: 'k' }>>;
      expect(ks.length).toBeGreaterThanOrEqual(2);
      for (const k of ks) {
        const c = m.candles.list('1').find((x) => x.start === k.start)!;
        expect([k.open, k.high, k.low, k.close, k.volume]).toEqual([c.open, c.high, c.low, c.close, c.volume]);
      }
    });
  });

  it('--record FILE: the running exchange records until it closes, and the file replays', async () => {
    const path = join(dir, 'live.rec.gz');
    const ex = await startTestExchange(['--record', path]);
    const m = (await import('../../server/exchange/install.ts')).exchangeHandle()!.markets.bySymbol.get('BTCUSDT')!;
    const first = m.recent.length;
    await vi.waitFor(() => expect(m.recent.length).toBeGreaterThan(first + 5), { timeout: 20_000, interval: 100 });
    const last = m.recent[m.recent.length - 1]!;
    await ex.stop();
    const r = parseRecording(readFileSync(path), path);
    expect(r.truncated).toBe(false);
    expect(r.header.symbols).toContain('BTCUSDT');
    expect(r.header.symbols.some((s) => s.length > 0 && !['BTCUSDT'].includes(s))).toBe(true);
    const sym = r.header.symbols.indexOf('BTCUSDT');
    expect(r.events.some((e) => e.kind === 'b' && e.sym === sym)).toBe(true);
    expect(r.events.some((e) => e.kind === 't' && e.sym === sym && e.id === last.id && e.price === last.priceTicks)).toBe(true);
  }, 30_000);

  it('a recording it cannot write stops with one message; the exchange goes on', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = new RecordingWriter(join(dir, 'no-such-dir', 'x.rec.gz'));
    w.write('line\n');
    w.flush();
    await w.close();
    expect(err).toHaveBeenCalledTimes(1);
    expect(String(err.mock.calls[0]![0])).toMatch(/recording to .*x\.rec\.gz stopped/);
    err.mockRestore();
  });

  it('the exchange refuses a corrupt recording at start with a clear message (exit 2, no stack)', () => {
    const bad = join(dir, 'bad.rec.gz');
    const g = gzipSync(encode(EVENTS));
    writeFileSync(bad, Buffer.concat([g.subarray(0, 10), Buffer.alloc(40, 0x41), g.subarray(50)]));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', '--replay', bad, '--port', '0', '--data', dir, '--quiet', '--routes', 'none'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot replay: .*bad\.rec\.gz: the compressed data is corrupt/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
