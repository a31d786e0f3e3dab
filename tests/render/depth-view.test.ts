import { describe, expect, it } from 'vitest';
import { parseScale } from '../../src/core/decimal.ts';
import { depthData } from '../../src/core/depth-curve.ts';
import { DepthView, depthBoxWidth, type DepthInput } from '../../src/render/depth/depth-view.ts';
import { themeFor } from '../../src/render/theme.ts';

// Bids at 99, 98, 97 and asks at 101, 102, 103 (cent ticks); cumulative amounts 1, 3, 6 and 2, 4, 5.
const curve = {
  symbol: 'X',
  bids: new Float64Array([9900, 100, 9800, 300, 9700, 600]),
  asks: new Float64Array([10100, 200, 10200, 400, 10300, 500]),
};
const data = depthData(curve, parseScale('0.01')!, 2, 2);
const input = (patch: Partial<DepthInput> = {}): DepthInput => ({ data, theme: themeFor(false), up: 1, down: 2, ...patch });

describe('depth chart view', () => {
  it('has a price axis, a cumulative-amount axis and a mid-price marker, as plain data', () => {
    const v = new DepthView();
    expect(v.update(input(), 800, 400)).toBe(true);
    const s = v.shown();
    expect(s.plotW).toBe(800 - 64);
    expect(s.plotH).toBe(400 - 22);
    // The mid price is exact and sits in the middle: the price range is symmetric around it.
    expect(s.mid!.text).toBe('100.00');
    expect(Math.abs(s.mid!.x - s.plotW / 2)).toBeLessThanOrEqual(1);
    const prices = s.priceTicks.map((t) => Number(t.text));
    expect(prices.length).toBeGreaterThanOrEqual(2);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    // No price label stands on the mid price's box.
    for (const t of s.priceTicks) expect(Math.abs(t.x - s.mid!.x)).toBeGreaterThanOrEqual((depthBoxWidth(t.text) + depthBoxWidth(s.mid!.text)) / 2);
    const amounts = s.amountTicks.map((t) => Number(t.text));
    expect(amounts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < s.amountTicks.length; i++) expect(s.amountTicks[i]!.y).toBeLessThan(s.amountTicks[i - 1]!.y);
    // Stepped areas: bids from the mid out to the left edge, asks out to the right edge.
    expect(v.bidArea.at(-2)).toBe(0);
    expect(v.askArea.at(-2)).toBe(s.plotW);
  });

  it('a hover moves only the marker; new data or a new size changes the rest', () => {
    const v = new DepthView();
    v.update(input(), 800, 400);
    const version = v.version;
    expect(v.update(input(), 800, 400)).toBe(false);
    const hit = v.hitTest(data, 10)!;
    expect(hit.side).toBe('buy');
    expect(hit.index).toBe(2);
    v.setHover(hit);
    expect(v.update(input(), 800, 400)).toBe(true);
    expect(v.version).toBe(version);
    expect(v.hover).toMatchObject({ buy: true, x: hit.x, y: hit.y });
    expect(v.update(input(), 900, 400)).toBe(true);
    expect(v.version).toBe(version + 1);
    v.setHover(null);
    v.update(input(), 900, 400);
    expect(v.hover).toBeNull();
  });

  it('shows nothing without data', () => {
    const v = new DepthView();
    v.update(input({ data: null }), 800, 400);
    expect(v.hasData).toBe(false);
    expect(v.shown()).toMatchObject({ priceTicks: [], amountTicks: [], mid: null });
  });
});
