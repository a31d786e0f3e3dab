import { describe, expect, it, vi } from 'vitest';
import { FrameScheduler } from '../../src/render/scheduler.ts';
import { bookLayout, rowAt, rowTop, PRICE_LINE_HEIGHT, ROW_PITCH } from '../../src/render/order-book/layout.ts';

function fakeRaf() {
  const queue: FrameRequestCallback[] = [];
  return {
    raf: (cb: FrameRequestCallback) => queue.push(cb),
    caf: () => {},
    frame: (t = 0) => queue.splice(0).forEach((cb) => cb(t)),
    pending: () => queue.length,
  };
}

describe('frame scheduler', () => {
  it('draws a dirty widget once per frame however often it was marked', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    let draws = 0;
    const w = { draw: () => draws++ };
    for (let i = 0; i < 100; i++) s.markDirty(w);
    expect(f.pending()).toBe(1);
    f.frame();
    expect(draws).toBe(1);
  });

  it('a change that may wait rides with the next frame drawn for something else, or draws alone when its time is up', () => {
    vi.useFakeTimers();
    try {
      const f = fakeRaf();
      const s = new FrameScheduler(f.raf, f.caf);
      const drawn: string[] = [];
      const tape = { draw: () => drawn.push('tape') };
      const book = { draw: () => drawn.push('book') };
      // Joins the book's next frame: one frame drawn, not two, and no frame of its own later.
      s.markDirtyWithin(tape, 150);
      expect(f.pending()).toBe(0);
      vi.advanceTimersByTime(50);
      s.markDirty(book);
      f.frame();
      expect(drawn).toEqual(['book', 'tape']);
      vi.advanceTimersByTime(200);
      expect(f.pending()).toBe(0);
      expect(s.frames).toBe(1);
      // Nothing else comes: it draws on its own once its time is up.
      s.markDirtyWithin(tape, 150);
      vi.advanceTimersByTime(149);
      expect(f.pending()).toBe(0);
      vi.advanceTimersByTime(1);
      f.frame();
      expect(drawn).toEqual(['book', 'tape', 'tape']);
      expect(s.frames).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no frame at all while nothing changed', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    const w = { draw: () => {} };
    s.markDirty(w);
    f.frame();
    expect(f.pending()).toBe(0);
    f.frame();
    expect(s.frames).toBe(1);
  });

  it('a widget that throws does not stop the others', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    let ok = 0;
    const errors = console.error;
    console.error = () => {};
    s.markDirty({ draw: () => { throw new Error('x'); } });
    s.markDirty({ draw: () => ok++ });
    f.frame();
    console.error = errors;
    expect(ok).toBe(1);
  });

  it('a frame task runs before the draws in the same frame, and what it marks dirty draws in that frame', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    const order: string[] = [];
    const w = { draw: () => order.push('draw') };
    // A feed frame arrives: applied at the start of the next frame, the credit given after the draws.
    s.beforeDraw(() => {
      order.push('apply');
      s.markDirty(w);
      s.afterDraw(() => order.push('credit'));
    });
    expect(f.pending()).toBe(1);
    f.frame();
    expect(order).toEqual(['apply', 'draw', 'credit']);
    // One animation frame did it all, and none is left asked for.
    expect(s.frames).toBe(1);
    expect(f.pending()).toBe(0);
  });

  it('a task after the draws asks for a frame of its own when nothing else does', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    let credits = 0;
    s.afterDraw(() => credits++);
    expect(f.pending()).toBe(1);
    f.frame();
    expect(credits).toBe(1);
    // Nothing was drawn in it: it does not count as a drawn frame.
    expect(s.frames).toBe(0);
  });

  it('a forgotten widget is not drawn', () => {
    const f = fakeRaf();
    const s = new FrameScheduler(f.raf, f.caf);
    let draws = 0;
    const w = { draw: () => draws++ };
    s.markDirty(w);
    s.forget(w);
    f.frame();
    expect(draws).toBe(0);
  });
});

describe('order-book layout (spec 2.10, 9)', () => {
  it('mode 1 stacks 13 asks above the price line and 13 bids below, best rows next to it', () => {
    const l = bookLayout(1, 300);
    expect(l.height).toBe(26 * ROW_PITCH + PRICE_LINE_HEIGHT);
    expect(rowAt(l, 10, 12 * ROW_PITCH + 1, false)).toEqual({ side: 1, row: 0 });
    expect(rowAt(l, 10, 1, false)).toEqual({ side: 1, row: 12 });
    expect(rowAt(l, 10, 13 * ROW_PITCH + 5, false)).toBeNull();
    expect(rowAt(l, 10, 13 * ROW_PITCH + PRICE_LINE_HEIGHT + 1, false)).toEqual({ side: 0, row: 0 });
  });

  it('modes 2 and 3 show 40 rows of one side; mode 4 puts bids left and asks right', () => {
    expect(bookLayout(2, 300).blocks.map((b) => [b.side, b.rows])).toEqual([[0, 40]]);
    expect(bookLayout(3, 300).blocks.map((b) => [b.side, b.rows])).toEqual([[1, 40]]);
    const l4 = bookLayout(4, 300);
    expect(rowAt(l4, 10, PRICE_LINE_HEIGHT + 1, false)).toEqual({ side: 0, row: 0 });
    expect(rowAt(l4, 290, PRICE_LINE_HEIGHT + 1, false)).toEqual({ side: 1, row: 0 });
  });

  it('right to left mirrors hit-testing', () => {
    const l4 = bookLayout(4, 300);
    expect(rowAt(l4, 10, PRICE_LINE_HEIGHT + 1, true)).toEqual({ side: 1, row: 0 });
    expect(rowAt(l4, 290, PRICE_LINE_HEIGHT + ROW_PITCH + 1, true)).toEqual({ side: 0, row: 1 });
  });

  it('rowTop and rowAt agree for every row', () => {
    for (const mode of [1, 2, 3, 4] as const) {
      const l = bookLayout(mode, 320);
      for (const b of l.blocks) for (let r = 0; r < b.rows; r++) expect(rowAt(l, b.x + 5, rowTop(b, r) + 3, false)).toEqual({ side: b.side, row: r });
    }
  });
});
