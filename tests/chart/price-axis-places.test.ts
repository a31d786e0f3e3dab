import { describe, expect, it } from 'vitest';
import { axisStepDecimals, linearTicks } from '../../src/core/chart/price-axis.ts';
import { PriceScale } from '../../src/render/chart/price-scale.ts';

// PixiJS reads the browser's navigator when it loads; this test draws through stand-ins only.
if (typeof navigator === 'undefined') Object.assign(globalThis, { navigator: { userAgent: 'node' } });
const { PRICE_AXIS_WIDTH, drawPriceAxis, priceAxisWidth, priceTickTexts } = await import('../../src/render/chart/chart-axes.ts');
const { GLYPH_WIDTH } = await import('../../src/render/chart/label-pool.ts');

/** The tick labels drawPriceAxis writes for a pane from `min` to `max`, `height` px tall (stand-in graphics and labels). */
function axisLabels(min: number, max: number, height: number, precision: number, prices: boolean): string[] {
  const ps = new PriceScale();
  ps.set(min, max, 0, height, false, 0);
  const added: string[] = [];
  const grid = { moveTo: () => grid, lineTo: () => grid, stroke: () => grid };
  const labels = { add: (text: string) => void added.push(text) };
  const shown: string[] = [];
  drawPriceAxis(grid as never, labels as never, ps, 600, precision, false, { text: 0, grid: 0 } as never, true, null, prices, shown);
  if (prices) expect(shown).toEqual(added);
  return added;
}

// Walk 7, A3: on PEPE/USDT (tick 0.00000001, price about 0.00001871) every label of the chart's
// price axis read "0", and the last-price box read 0.0000187: a 72 px axis cut its last digit.
describe('price axis at a pair\'s price places', () => {
  it('labels PEPE\'s axis at 8 places, each a distinct price', () => {
    const texts = axisLabels(0.00001842, 0.00001897, 440, 8, true);
    expect(texts).toEqual(['0.00001845', '0.00001850', '0.00001855', '0.00001860', '0.00001865', '0.00001870', '0.00001875', '0.00001880', '0.00001885', '0.00001890', '0.00001895']);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('the step\'s decimals of a step below 0.000001 are not 0 (indicator panes label at them)', () => {
    expect(axisStepDecimals(0.00000005, 8)).toBe(8);
    expect(axisStepDecimals(0.0000001, 8)).toBe(7);
    expect(axisStepDecimals(0.000001, 8)).toBe(6);
    expect(axisStepDecimals(0.25, 8)).toBe(2);
    expect(axisStepDecimals(500, 8)).toBe(0);
    const sub = axisLabels(0.00001842, 0.00001897, 440, 8, false);
    expect(sub).not.toContain('0');
    expect(new Set(sub).size).toBe(sub.length);
  });

  it('never steps finer than the last place, nor by 2.5 units of it', () => {
    // 0.000018495 to 0.000018565 in 10 ticks would be 0.000000007 apart: one tick apart instead.
    expect(priceTickTexts(linearTicks(0.000018495, 0.000018565, 10, 8), 8, false)).toEqual(['0.00001850', '0.00001851', '0.00001852', '0.00001853', '0.00001854', '0.00001855', '0.00001856']);
    // 2.5 ticks would need a ninth place: 5 ticks.
    expect(priceTickTexts(linearTicks(0.0000185, 0.00001872, 10, 8), 8, false)).toEqual(['0.00001850', '0.00001855', '0.00001860', '0.00001865', '0.00001870']);
    // Large prices keep their round steps, written at their places; percents as before.
    expect(priceTickTexts(linearTicks(96_955, 102_243, 10, 2), 2, false)).toEqual(['97000.00', '98000.00', '99000.00', '100000.00', '101000.00', '102000.00']);
    expect(priceTickTexts([-1.5, 2], 2, true)).toEqual(['-1.50%', '2.00%']);
  });

  it('widens the axis to hold the last price whole', () => {
    expect(priceAxisWidth('97359.14')).toBe(PRICE_AXIS_WIDTH);
    expect(priceAxisWidth('')).toBe(PRICE_AXIS_WIDTH);
    // Its text starts 6 px into the axis and must end inside it.
    expect(priceAxisWidth('0.00001871')).toBeGreaterThanOrEqual(6 + 10 * GLYPH_WIDTH);
  });
});
