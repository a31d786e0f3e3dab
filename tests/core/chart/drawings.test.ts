import { describe, expect, it } from 'vitest';
import { distToSeg, fibLevels, hitTest, indexOfTime, magnetize, moved, resized, sanitizeDrawing, sanitizeDrawingMap, shapeOf, timeOfIndex, UndoStack, type Drawing, type Projection } from '../../../src/core/chart/drawings.ts';

const times = Float64Array.from([0, 60_000, 120_000, 180_000]);
// x = bar index × 10, y = 1000 − price.
const proj: Projection = {
  toScreen: (a) => ({ x: indexOfTime(times, 4, a.t) * 10, y: 1000 - a.p }),
  fromScreen: (p) => ({ t: timeOfIndex(times, 4, p.x / 10), p: 1000 - p.y }),
  width: 200,
  height: 1000,
};
const line = (kind: Drawing['kind'], points: Drawing['points'], extra: Partial<Drawing> = {}): Drawing => ({ id: `x${kind}`, kind, points, color: '#2962ff', width: 1, locked: false, hidden: false, ...extra });

describe('drawings model', () => {
  it('maps times to fractional bar indexes and back, past the last bar too', () => {
    expect(indexOfTime(times, 4, 90_000)).toBe(1.5);
    expect(indexOfTime(times, 4, 300_000)).toBe(5);
    expect(timeOfIndex(times, 4, 5)).toBe(300_000);
    expect(timeOfIndex(times, 4, 1.5)).toBe(90_000);
  });

  it('hits a trend line near it and not far from it; a handle of the selected one first', () => {
    const d = line('trend', [{ t: 0, p: 900 }, { t: 180_000, p: 870 }]);
    expect(hitTest([d], proj, { x: 15, y: 116 }, null)).toEqual({ id: 'xtrend', handle: -1 });
    expect(hitTest([d], proj, { x: 15, y: 160 }, null)).toBeNull();
    expect(hitTest([d], proj, { x: 1, y: 101 }, 'xtrend')).toEqual({ id: 'xtrend', handle: 0 });
    expect(hitTest([{ ...d, hidden: true }], proj, { x: 15, y: 116 }, null)).toBeNull();
  });

  it('a horizontal line spans the plot and a ray runs to its edge', () => {
    expect(shapeOf(line('hline', [{ t: 60_000, p: 500 }]), proj, String).segs[0]).toEqual({ a: { x: 0, y: 500 }, b: { x: 200, y: 500 } });
    const ray = shapeOf(line('ray', [{ t: 0, p: 500 }, { t: 60_000, p: 500 }]), proj, String).segs[0]!;
    expect(ray.b.x).toBe(200);
  });

  it('fib levels run from the second point (0) to the first (1)', () => {
    const lv = fibLevels(line('fib', [{ t: 0, p: 100 }, { t: 60_000, p: 200 }]));
    expect(lv[0]).toEqual({ ratio: 0, price: 200 });
    expect(lv.at(-1)).toEqual({ ratio: 1, price: 100 });
    expect(lv.find((l) => l.ratio === 0.5)!.price).toBe(150);
  });

  it('moves by a screen delta and resizes one handle', () => {
    const d = line('trend', [{ t: 0, p: 900 }, { t: 60_000, p: 880 }]);
    expect(moved(d, proj, 10, -5).points).toEqual([{ t: 60_000, p: 905 }, { t: 120_000, p: 885 }]);
    expect(resized(d, 1, { t: 120_000, p: 1 }).points[1]).toEqual({ t: 120_000, p: 1 });
    const r = resized(line('rect', [{ t: 0, p: 10 }, { t: 60_000, p: 5 }]), 1, { t: 120_000, p: 20 });
    expect(r.points).toEqual([{ t: 0, p: 20 }, { t: 120_000, p: 5 }]);
  });

  it('the magnet pulls to the nearest OHLC value within reach only', () => {
    const y = (p: number) => 1000 - p;
    expect(magnetize({ t: 0, p: 905 }, [900, 920, 880, 910], y, 93).p).toBe(910);
    expect(magnetize({ t: 0, p: 500 }, [900, 920, 880, 910], y, 500).p).toBe(500);
    expect(magnetize({ t: 0, p: 500 }, null, y, 500).p).toBe(500);
  });

  it('undo and redo walk the snapshots; a new change drops the redo side', () => {
    const u = new UndoStack<number>();
    u.push(1);
    u.push(2);
    expect(u.undo(3)).toBe(2);
    expect(u.undo(2)).toBe(1);
    expect(u.undo(1)).toBeNull();
    expect(u.redo(1)).toBe(2);
    u.push(2);
    expect(u.redo(5)).toBeNull();
  });

  it('reads stored drawings strictly and counts what it could not read', () => {
    const ok = line('trend', [{ t: 0, p: 1 }, { t: 1, p: 2 }]);
    expect(sanitizeDrawing(ok)).toEqual(ok);
    expect(sanitizeDrawing({ ...ok, points: [{ t: 0, p: 1 }] })).toBeNull();
    expect(sanitizeDrawing({ ...ok, color: 'red' })).toBeNull();
    expect(sanitizeDrawing({ ...ok, width: 9 })).toBeNull();
    expect(sanitizeDrawing(line('text', [{ t: 0, p: 1 }]))).toBeNull();
    const r = sanitizeDrawingMap({ BTCUSDT: [ok, { junk: 1 }], 'bad symbol': [] });
    expect(r.map.BTCUSDT).toHaveLength(1);
    expect(r.bad).toBe(2);
    expect(distToSeg({ x: 0, y: 5 }, { x: -5, y: 0 }, { x: 5, y: 0 })).toBe(5);
  });
});
