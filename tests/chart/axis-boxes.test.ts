import { describe, expect, it } from 'vitest';
import { AXIS_BOX_H, AxisBoxes, type AxisBoxKind } from '../../src/render/chart/axis-boxes.ts';

function placed(entries: Array<[AxisBoxKind, number]>, bottom = 400) {
  const b = new AxisBoxes();
  b.begin();
  for (const [kind, y] of entries) b.add(kind, `${kind}@${y}`, y, 72, 0, 1);
  b.place(0, bottom);
  return { boxes: b, shown: b.shown() };
}

function overlapping(shown: Array<{ top: number; height: number }>): boolean {
  const s = [...shown].sort((a, b) => a.top - b.top);
  return s.some((b, i) => i > 0 && b.top < s[i - 1]!.top + s[i - 1]!.height);
}

describe('price-axis boxes', () => {
  it('boxes at nearly the same price are shifted apart; the last price stays at its price', () => {
    const { shown } = placed([
      ['order', 201],
      ['last', 200],
      ['average', 199],
      ['position', 203],
      ['trigger', 198],
    ]);
    expect(overlapping(shown)).toBe(false);
    const last = shown.find((b) => b.kind === 'last')!;
    expect(last.top).toBe(200 - AXIS_BOX_H / 2);
    // Above the last price: what was above it, in price order; below: the rest.
    const order = [...shown].sort((a, b) => a.top - b.top).map((b) => b.kind);
    expect(order).toEqual(['trigger', 'average', 'last', 'order', 'position']);
  });

  it('boxes far apart stay at their prices', () => {
    const { shown } = placed([
      ['last', 100],
      ['order', 300],
    ]);
    expect(shown.map((b) => b.top)).toEqual([100 - 9, 300 - 9]);
  });

  it('without a last price they stack downwards and back up from the bottom', () => {
    const { shown } = placed(
      [
        ['order', 395],
        ['average', 396],
        ['position', 397],
      ],
      400,
    );
    expect(overlapping(shown)).toBe(false);
    expect(Math.max(...shown.map((b) => b.top + b.height))).toBeLessThanOrEqual(400);
  });

  it('boxes pushed past the pane come back inside it where there is room, never onto the last price', () => {
    const { shown } = placed(
      [
        ['last', 320],
        ['order', 385],
        ['order', 386],
        ['order', 387],
        ['average', 5],
        ['position', 4],
      ],
      400,
    );
    expect(overlapping(shown)).toBe(false);
    for (const b of shown) {
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.top + b.height).toBeLessThanOrEqual(400);
    }
    expect(shown.find((b) => b.kind === 'last')!.top).toBe(311);
  });

  it('tick labels make way for placed boxes', () => {
    const { boxes } = placed([['last', 200]]);
    expect(boxes.covers(200)).toBe(true);
    expect(boxes.covers(214)).toBe(true);
    expect(boxes.covers(230)).toBe(false);
  });
});
