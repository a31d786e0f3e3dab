import { describe, expect, it } from 'vitest';

// PixiJS reads the browser's navigator when it loads; this test draws through stand-ins only.
if (typeof navigator === 'undefined') Object.assign(globalThis, { navigator: { userAgent: 'node' } });
const { drawTimeAxis } = await import('../../src/render/chart/chart-axes.ts');
const { GLYPH_WIDTH } = await import('../../src/render/chart/label-pool.ts');

// Issue 33's screenshot review: at 1366×768 the first time label stood cut at the chart's left
// edge ("6:00" for 16:00). A label centred on its tick is drawn only where it fits whole.
describe('time axis labels at the edges', () => {
  it('draws no label that would run past either edge, and keeps the grid line', () => {
    const H = 3_600_000;
    const times = Array.from({ length: 48 }, (_, i) => Date.UTC(2026, 10, 27) + i * H);
    const added: Array<{ text: string; x: number }> = [];
    let lines = 0;
    const grid = { moveTo: () => grid, lineTo: () => ((lines += 1), grid), stroke: () => grid };
    const labels = { add: (text: string, x: number) => void added.push({ text, x }) };
    for (const shift of [0, 3, 7, 11, 15, 19]) {
      added.length = 0;
      lines = 0;
      const width = 600;
      const spacing = 12.5;
      // Bar i at x = (i - shift + 0.5) * spacing: the first ticks fall at or just inside the left edge.
      const ts = { width, x: (i: number) => (i - shift + 0.5) * spacing };
      drawTimeAxis(grid as never, labels as never, times, ts as never, 0, times.length - 1, 'UTC', 400, 400, { text: 0, grid: 0 } as never, true);
      expect(added.length).toBeGreaterThan(0);
      for (const l of added) {
        const half = (l.text.length * GLYPH_WIDTH) / 2;
        expect(l.x - half, `${l.text} at ${l.x}`).toBeGreaterThanOrEqual(0);
        expect(l.x + half, `${l.text} at ${l.x}`).toBeLessThanOrEqual(width);
      }
      expect(lines).toBeGreaterThanOrEqual(added.length);
    }
  });
});
