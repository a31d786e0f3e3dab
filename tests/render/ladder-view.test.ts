import { describe, expect, it } from 'vitest';
import { parseScale } from '../../src/core/decimal.ts';
import { bucketOf, LadderView, ownByPrice, VolumeAtPrice, ladderHit, type LadderInput, type LadderOrder } from '../../src/render/ladder/ladder-view.ts';
import { themeFor } from '../../src/render/theme.ts';

const tick = parseScale('0.01')!;

const input = (patch: Partial<LadderInput> = {}): LadderInput => ({
  key: 'BTCUSDT/10',
  tick,
  stepTicks: 10, // a merge step of 0.1
  priceDecimals: 1,
  sizeDecimals: 4,
  bids: [
    { ticks: 100_000, size: '1.5000' },
    { ticks: 99_990, size: '2.0000' },
  ],
  asks: [
    { ticks: 100_010, size: '0.7000' },
    { ticks: 100_020, size: '3.0000' },
  ],
  own: new Map(),
  volume: new Map(),
  lastTicks: null,
  theme: themeFor(false),
  rtl: false,
  stale: false,
  ...patch,
});

describe('LadderView', () => {
  it('writes a price column at the merge step, centred on the book at first', () => {
    const v = new LadderView(9);
    const rows = v.update(input());
    expect(rows).toHaveLength(9);
    // Every row one step (0.1) below the one above.
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.ticks - rows[i]!.ticks).toBe(10);
    expect(rows.map((r) => r.price).slice(2, 7)).toEqual(['1000.2', '1000.1', '1000.0', '999.9', '999.8']);
    expect(rows.find((r) => r.price === '1000.0')!.bid).toBe('1.5000');
    expect(rows.find((r) => r.price === '1000.1')!.ask).toBe('0.7000');
    expect(rows.find((r) => r.price === '1000.1')!.bid).toBe('');
  });

  it('keeps its scroll while the book moves, and recentres only when asked or on a new step', () => {
    const v = new LadderView(9);
    const first = v.update(input())[0]!.ticks;
    // The market runs up 5: the top row stays where it was.
    const moved = input({ bids: [{ ticks: 100_050, size: '1' }], asks: [{ ticks: 100_060, size: '1' }] });
    expect(v.update(moved)[0]!.ticks).toBe(first);
    v.scrollBy(2, 10);
    expect(v.update(moved)[0]!.ticks).toBe(first - 20);
    v.recentre(moved);
    const rows = v.update(moved);
    expect(rows[4]!.ticks).toBe(100_050);
    // A new merge step (1.0 = 100 ticks) starts centred again.
    const coarse = v.update({ ...moved, key: 'BTCUSDT/100', stepTicks: 100, priceDecimals: 0, bids: [{ ticks: 100_000, size: '1' }], asks: [{ ticks: 100_100, size: '1' }] });
    expect(coarse[1]!.ticks - coarse[2]!.ticks).toBe(100);
    expect(coarse.some((r) => r.price === '1000')).toBe(true);
  });

  it('moves its cursor by rows and scrolls to keep it shown', () => {
    const v = new LadderView(5);
    v.update(input());
    v.moveCursor(0, 10);
    const mid = v.cursor!;
    expect(v.update(input())[2]!.cursor).toBe(true);
    v.moveCursor(3, 10);
    expect(v.cursor).toBe(mid - 30);
    const rows = v.update(input());
    expect(rows[4]!.cursor).toBe(true);
  });

  it('marks the last trade price in its bucket', () => {
    const v = new LadderView(9);
    const rows = v.update(input({ lastTicks: 100_004 }));
    expect(rows.filter((r) => r.last).map((r) => r.price)).toEqual(['1000.0']);
  });
});

describe('own orders per price', () => {
  const order = (orderId: string, side: 'Buy' | 'Sell', price: string, origQty: string, executedQty = '0', time = 1): LadderOrder => ({ orderId, side, price, origQty, executedQty, time });

  it('sums remaining sizes exactly per bucket, buys down and sells up', () => {
    const own = ownByPrice(
      [order('a', 'Buy', '999.95', '0.1'), order('b', 'Buy', '999.91', '0.2', '0.05', 2), order('c', 'Sell', '1000.11', '0.3'), order('d', 'Sell', '1000.2', '1', '1')],
      tick,
      10,
    );
    expect(own.get(99_990)!.buy).toBe(250_000_000_000_000_000n); // 0.1 + 0.15
    expect(own.get(99_990)!.orderIds).toEqual(['b', 'a']); // newest first
    expect(own.get(100_020)!.sell).toBe(300_000_000_000_000_000n); // 1000.11 rounds up to 1000.2
    expect(own.size).toBe(2); // d is fully filled
    const rows = new LadderView(9).update(input({ own }));
    expect(rows.find((r) => r.price === '999.9')!.ownBuy).toBe('0.2500');
    expect(rows.find((r) => r.price === '1000.2')!.ownSell).toBe('0.3000');
  });

  it('buckets as the book merges', () => {
    expect(bucketOf(105, 10, 'Buy')).toBe(100);
    expect(bucketOf(105, 10, 'Sell')).toBe(110);
    expect(bucketOf(110, 10, 'Sell')).toBe(110);
  });
});

describe('volume at price', () => {
  const trade = (id: string, price: string, qty: string) => ({ id, time: 0, price, qty, buy: true });

  it('counts each trade once as the tape grows, and regroups at a new step', () => {
    const vol = new VolumeAtPrice();
    vol.add('BTCUSDT', [trade('2', '1000.01', '0.5'), trade('1', '1000.00', '1')], tick);
    // The same list with one new trade in front.
    vol.add('BTCUSDT', [trade('3', '1000.00', '0.25'), trade('2', '1000.01', '0.5'), trade('1', '1000.00', '1')], tick);
    expect(vol.counted).toBe(3);
    expect(vol.atStep(1).get(100_000)).toBe(1_250_000_000_000_000_000n);
    expect(vol.atStep(1).get(100_001)).toBe(500_000_000_000_000_000n);
    expect(vol.atStep(10).get(100_000)).toBe(1_750_000_000_000_000_000n);
    const rows = new LadderView(9).update(input({ volume: vol.atStep(10) }));
    expect(rows.find((r) => r.price === '1000.0')!.volume).toBe('1.7500');
  });

  it('starts over for another pair', () => {
    const vol = new VolumeAtPrice();
    vol.add('BTCUSDT', [trade('1', '1000.00', '1')], tick);
    vol.add('ETHUSDT', [trade('9', '10.00', '2')], tick);
    expect([...vol.atStep(1).keys()]).toEqual([1000]);
  });
});

describe('ladderHit', () => {
  it('finds row and column, mirrored in RTL', () => {
    expect(ladderHit(5, 30, 300, 20, 10, false)).toEqual({ row: 1, column: 'own' });
    expect(ladderHit(5, 30, 300, 20, 10, true)).toEqual({ row: 1, column: 'volume' });
    expect(ladderHit(150, 0, 300, 20, 10, false)).toEqual({ row: 0, column: 'price' });
    expect(ladderHit(150, 250, 300, 20, 10, false)).toBeNull();
  });
});

describe('CanvasLadderPainter', () => {
  /** A 2D context that records what was written where. */
  function recorder() {
    const texts: Array<{ s: string; x: number; y: number; fill: string }> = [];
    const strokes: Array<{ x: number; y: number; stroke: string }> = [];
    const ctx = {
      fillStyle: '',
      strokeStyle: '',
      font: '',
      textAlign: '',
      textBaseline: '',
      globalAlpha: 1,
      dims: 0,
      setTransform() {},
      fillRect() {
        if (ctx.globalAlpha !== 1) ctx.dims++;
      },
      strokeRect(x: number, y: number) {
        strokes.push({ x, y, stroke: ctx.strokeStyle });
      },
      fillText(s: string, x: number, y: number) {
        texts.push({ s, x, y, fill: ctx.fillStyle });
      },
    };
    return { ctx, texts, strokes };
  }

  it('writes each row at its pitch, outlines own orders and the last trade, and dims when stale', async () => {
    const { CanvasLadderPainter } = await import('../../src/render/ladder/canvas-painter.ts');
    const own = ownByPrice([{ orderId: 'a', side: 'Buy', price: '999.90', origQty: '0.5', executedQty: '0', time: 1 }], tick, 10);
    const rows = new LadderView(9).update(input({ own, lastTicks: 100_000 }));
    const r = recorder();
    new CanvasLadderPainter(r.ctx as unknown as CanvasRenderingContext2D, 1).paint(rows, 300, 180, 20, themeFor(false), false, true);
    const ownRow = rows.findIndex((x) => x.price === '999.9');
    expect(r.texts.find((t) => t.s === '0.5000')!.y).toBe(ownRow * 20 + 10);
    expect(r.texts.find((t) => t.s === '1000.0')).toBeDefined();
    expect(r.strokes).toHaveLength(2); // the own order's cell and the last trade's price
    expect(r.ctx.dims).toBe(1);
  });
});
