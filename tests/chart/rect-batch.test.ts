import { describe, expect, it } from 'vitest';
import { RectBatch } from '../../src/render/chart/rect-batch.ts';

/** A 2D context that records what is drawn, in order. */
function recorder() {
  const calls: string[] = [];
  const state = { fillStyle: '', strokeStyle: '', globalAlpha: 1, lineWidth: 1 };
  const ctx = new Proxy(state as unknown as CanvasRenderingContext2D, {
    get(target, key) {
      if (key in state) return (state as Record<string, unknown>)[key as string];
      return (...args: number[]) => {
        if (key === 'fillRect' || key === 'strokeRect') calls.push(`${String(key)} ${args.join(',')} ${key === 'fillRect' ? state.fillStyle : state.strokeStyle} a=${state.globalAlpha}`);
        else if (key === 'clip' || key === 'save' || key === 'restore') calls.push(String(key));
        void target;
      };
    },
    set(_t, key, value) {
      (state as Record<string, unknown>)[key as string] = value;
      return true;
    },
  });
  return { ctx, calls };
}

describe('RectBatch', () => {
  it('draws each run in order with its colour and alpha, clipped, like a Graphics fill per colour', () => {
    const b = new RectBatch();
    b.rect(1, 2, 3, 4).rect(5, 6, 7, 8).fill(0x20b26c);
    b.rect(9, 9, 1, 1).fill({ color: 0xef454a, alpha: 0.35 });
    b.rect(0, 0, 2, 2).stroke({ width: 1, color: 0xffffff });
    const { ctx, calls } = recorder();
    b.paint(ctx, 1, { x: 0, y: 0, w: 100, h: 50 });
    expect(calls).toEqual([
      'save',
      'clip',
      'fillRect 1,2,3,4 #20b26c a=1',
      'fillRect 5,6,7,8 #20b26c a=1',
      'fillRect 9,9,1,1 #ef454a a=0.35',
      'strokeRect 0,0,2,2 #ffffff a=1',
      'restore',
    ]);
  });

  it('drops rectangles never filled, starts empty after clear, and grows past its first buffer', () => {
    const b = new RectBatch();
    b.rect(1, 1, 1, 1);
    const a = recorder();
    b.paint(a.ctx, 1, { x: 0, y: 0, w: 10, h: 10 });
    expect(a.calls).toEqual([]);
    b.clear();
    for (let i = 0; i < 5000; i++) b.rect(i, 0, 1, 1);
    b.fill(0x000001);
    const c = recorder();
    b.paint(c.ctx, 2, { x: 0, y: 0, w: 10, h: 10 });
    const fills = c.calls.filter((s) => s.startsWith('fillRect'));
    expect(fills).toHaveLength(5000);
    expect(fills[4999]).toBe('fillRect 4999,0,1,1 #000001 a=1');
  });
});
