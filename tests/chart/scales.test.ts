import { describe, expect, it } from 'vitest';
import { linearTicks, logTicks, niceStep, axisStepDecimals } from '../../src/core/chart/price-axis.ts';
import { PriceScale } from '../../src/render/chart/price-scale.ts';
import { TimeScale } from '../../src/render/chart/time-scale.ts';

describe('time scale', () => {
  const make = () => {
    const ts = new TimeScale(5, 0.8);
    ts.width = 800;
    ts.setLength(1000);
    return ts;
  };

  it('leaves 5 empty bars right of the newest bar', () => {
    const ts = make();
    const last = ts.x(999);
    expect(ts.width - last).toBeCloseTo((5 + 0.5) * ts.barSpacing, 9);
    expect(ts.visibleRange().to).toBe(999);
  });

  it('maps index ↔ x both ways', () => {
    const ts = make();
    for (const i of [0, 500, 998.25]) expect(ts.indexAt(ts.x(i))).toBeCloseTo(i, 9);
  });

  it('zooms around the anchor and never below 0.8 px per bar', () => {
    const ts = make();
    const at = ts.indexAt(300);
    ts.zoom(2, 300);
    expect(ts.indexAt(300)).toBeCloseTo(at, 9);
    for (let k = 0; k < 50; k++) ts.zoom(0.5, 400);
    expect(ts.barSpacing).toBe(0.8);
  });

  it('pans towards older bars and stops with a few bars still on screen', () => {
    const ts = make();
    const before = ts.visibleRange();
    ts.pan(400);
    const after = ts.visibleRange();
    expect(after.from).toBeLessThan(before.from);
    ts.pan(1e9);
    const end = ts.visibleRange();
    expect(end.from).toBe(0);
    expect(end.to).toBeGreaterThanOrEqual(4);
    ts.pan(-1e9);
    expect(ts.visibleRange().to).toBe(999);
  });

  it('keeps the view when older bars are added in front (anchored right)', () => {
    const ts = make();
    ts.pan(100);
    const lastX = ts.x(999);
    ts.setLength(1500);
    expect(ts.x(1499)).toBeCloseTo(lastX, 9);
  });
});

describe('price scale and ticks', () => {
  it('maps linear and log ranges with margins', () => {
    const ps = new PriceScale();
    ps.set(100, 200, 0, 500, false, 0.1);
    expect(ps.y(150)).toBeCloseTo(250, 9);
    expect(ps.y(200)).toBeCloseTo(500 * (0.1 / 1.2), 9);
    expect(ps.valueAt(ps.y(123.4))).toBeCloseTo(123.4, 9);
    ps.set(10, 1000, 0, 400, true, 0);
    // On a log scale 100 is halfway between 10 and 1000.
    expect(ps.y(100)).toBeCloseTo(200, 9);
  });

  it('chooses 1-2-2.5-5 steps and their decimals', () => {
    expect(niceStep(0.37)).toBe(0.5);
    expect(niceStep(180)).toBe(200);
    expect(niceStep(2.2)).toBe(2.5);
    expect(axisStepDecimals(0.25, 8)).toBe(2);
    expect(axisStepDecimals(500, 8)).toBe(0);
    expect(linearTicks(96_955, 102_243, 10)).toEqual([97000, 98000, 99000, 100000, 101000, 102000]);
    expect(linearTicks(96_955, 102_243, 12)).toEqual([97000, 97500, 98000, 98500, 99000, 99500, 100000, 100500, 101000, 101500, 102000]);
    const lt = logTicks(1, 10_000, 4);
    expect(lt).toEqual([1, 10, 100, 1000, 10000]);
  });
});
