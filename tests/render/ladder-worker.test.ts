import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseScale } from '../../src/core/decimal.ts';
import type { StoreFrame } from '../../src/core/frame-store.ts';
import { WorkerLadder } from '../../src/render/offscreen/ladder-mount.ts';
import { LadderSource } from '../../src/render/offscreen/ladder-source.ts';
import type { LadderWire } from '../../src/render/offscreen/protocol.ts';
import { WorkerFeed } from '../../src/render/offscreen/worker-feed.ts';
import { scheduler } from '../../src/render/scheduler.ts';
import { themeFor } from '../../src/render/theme.ts';
import { bookFrame } from '../support/book-frame.ts';

// The ladder drawn in the canvas worker (issue 35 item 2): its rows come from the book frames and
// trades the worker already gets, and while it is hidden it costs the worker nothing per frame.

const tick = parseScale('0.01')!;

/** A book frame as the engine lays it out, merged at 10 ticks (0.1). */
const bookFrameAt = (updateId: number, bids: Array<[number, number]>, asks: Array<[number, number]>) => bookFrame(bids, asks, updateId, 10);

const frame = (patch: Partial<StoreFrame>): StoreFrame => ({ book: null, bookCleared: false, trades: null, tradesCleared: false, tickers: null, candle: null, status: null, ...patch });

const wire = (patch: Partial<LadderWire> = {}): LadderWire => ({
  market: { symbol: 'BTCUSDT', scales: { tick, sizeDecimals: 4, quoteDecimals: 2, priceDecimals: 1, totalIn: 'base' }, stepTicks: 10 },
  own: new Map(),
  theme: themeFor(false),
  height: 200,
  ...patch,
});

const book = (id: number) => bookFrameAt(id, [[100_000, 15_000], [99_990, 20_000]], [[100_010, 7_000]]);

afterEach(() => vi.restoreAllMocks());

describe('the ladder in the canvas worker', () => {
  it('reads its rows from the book frames and trades the worker has, formatting each frame once', () => {
    const feed = new WorkerFeed();
    feed.apply(frame({ book: book(1), trades: [{ id: 't1', time: 1, price: '1000.03', qty: '0.25', buy: true }] }));
    const source = new LadderSource(feed.store);
    const w = wire();
    const input = source.read(w, false)!;
    expect(input.bids.map((b) => [b.ticks, b.size])).toEqual([
      [100_000, '1.5000'],
      [99_990, '2.0000'],
    ]);
    expect(input.asks[0]!.ticks).toBe(100_010);
    expect(input.priceDecimals).toBe(1);
    // Volume at the trade's bucket (1000.03 → 1000.0 at a step of 0.1), and the last trade.
    expect(input.volume.get(100_000)).toBe(2_500n * 10n ** 14n);
    expect(input.lastTicks).toBe(100_003);
    // Read again for the same frame and input (a scroll, a key): not formatted again.
    source.read(w, false);
    expect(source.formats).toBe(1);
    // Nothing for another symbol's book.
    expect(source.read(wire({ market: { ...wire().market!, symbol: 'ETHUSDT' } }), false)).toBeNull();
  });

  it('is redrawn by the frames that concern it while shown, and asked nothing at all once hidden', async () => {
    const dirty = vi.spyOn(scheduler, 'markDirty').mockImplementation(() => {});
    const feed = new WorkerFeed();
    const hosted = { invalidate: vi.fn(), destroy: vi.fn() };
    const canvas = { width: 0, height: 0 } as never;
    const ladder = new WorkerLadder({ canvas, width: 300, rtl: false, wire: wire(), feed: feed.store, host: () => hosted, onRows: () => {}, onError: (e) => { throw e; } });
    feed.listeners.set(1, ladder);
    await ladder.ready;
    const ladderMarks = () => dirty.mock.calls.filter(([w]) => (w as object).constructor.name === 'LadderWidget').length;
    feed.apply(frame({ book: book(1) }));
    feed.apply(frame({ tickers: [{ symbol: 'BTCUSDT' }] }));
    // A book frame marks it dirty; a frame of tickers only does not.
    expect(ladderMarks()).toBe(1);
    // Hidden: unmounted as the worker unmounts it; frames go on and the ladder is not touched.
    ladder.destroy();
    feed.listeners.delete(1);
    const before = dirty.mock.calls.length;
    for (let i = 2; i < 50; i++) feed.apply(frame({ book: book(i), trades: [{ id: `t${i}`, time: i, price: '1000', qty: '1', buy: true }] }));
    expect(dirty.mock.calls.length).toBe(before);
    expect(hosted.destroy).toHaveBeenCalledOnce();
    // A question after it went is answered with nothing.
    await expect(ladder.row(0)).resolves.toBeNull();
  });

  it('keeps all of the ladder out of the worker until a ladder is mounted (its code loads with it)', () => {
    // Follow the worker's static imports (not `import type`, not `import()`): none is ladder code.
    const root = resolve(__dirname, '../../src');
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)) {
        const spec = m[1] ?? m[2]!;
        walk(resolve(dirname(file), spec));
      }
    };
    walk(resolve(root, 'render/offscreen/canvas-worker.ts'));
    const eager = [...seen].map((f) => f.slice(root.length + 1));
    expect(eager).toContain('render/offscreen/ladder-mount.ts');
    expect(eager).toContain('render/order-book/order-book-widget.ts');
    expect(eager.filter((f) => /ladder/.test(f) && f !== 'render/offscreen/ladder-mount.ts')).toEqual([]);
  });
});
