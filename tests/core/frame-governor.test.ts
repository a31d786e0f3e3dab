import { describe, expect, it } from 'vitest';
import { FrameGovernor, GOVERNOR_CALM_FRAMES, GOVERNOR_WINDOW, type FrameLoad } from '../../src/core/frame-governor.ts';
import { FrameScheduler } from '../../src/core/frame-scheduler.ts';

const PERIOD = 1000 / 60;

describe('frame governor (issue 37 item 3)', () => {
  it('stays at full detail while frames come on time, however many', () => {
    const g = new FrameGovernor(PERIOD);
    for (let i = 0; i < 1000; i++) g.note(8 + (i % 9), 2);
    expect(g.level).toBe(0);
    expect(g.stride).toBe(1);
  });

  it('a frame late now and then is not a slow machine', () => {
    const g = new FrameGovernor(PERIOD);
    // One frame in ten comes 80 ms late (a garbage collection): under the 80th percentile.
    for (let i = 0; i < 600; i++) g.note(i % 10 === 0 ? 80 : 10, 3);
    expect(g.level).toBe(0);
  });

  it('steps down one level per full window of late frames, to every 4th frame at most, and says so', () => {
    const heard: FrameLoad[] = [];
    const g = new FrameGovernor(PERIOD, (l) => heard.push(l));
    for (let i = 0; i < GOVERNOR_WINDOW - 1; i++) g.note(45, 4);
    expect(g.level).toBe(0);
    g.note(45, 4);
    expect(g.level).toBe(1);
    expect(g.stride).toBe(2);
    // The next verdict waits for a window drawn at the new level.
    for (let i = 0; i < GOVERNOR_WINDOW - 1; i++) g.note(45, 4);
    expect(g.level).toBe(1);
    g.note(45, 4);
    expect(g.level).toBe(2);
    expect(g.stride).toBe(4);
    for (let i = 0; i < 300; i++) g.note(45, 4);
    expect(g.level).toBe(2);
    expect(heard.map((l) => l.level)).toEqual([1, 2]);
    expect(heard[1]).toMatchObject({ level: 2, stride: 4, raised: 2, lateP50: 45, lateP95: 45, workP95: 4 });
  });

  it('frames whose own work takes most of a frame count as strain even when they come on time', () => {
    const g = new FrameGovernor(PERIOD);
    for (let i = 0; i < GOVERNOR_WINDOW; i++) g.note(5, 12);
    expect(g.level).toBe(1);
  });

  it('comes back one level after about two seconds of easy frames, not at the first good one', () => {
    const g = new FrameGovernor(PERIOD);
    for (let i = 0; i < 2 * GOVERNOR_WINDOW; i++) g.note(50, 3);
    expect(g.level).toBe(2);
    // The window must first fill with easy frames, then stay easy for GOVERNOR_CALM_FRAMES.
    for (let i = 0; i < GOVERNOR_WINDOW + GOVERNOR_CALM_FRAMES - 2; i++) g.note(10, 2);
    expect(g.level).toBe(2);
    for (let i = 0; i < 10; i++) g.note(10, 2);
    expect(g.level).toBe(1);
    for (let i = 0; i < GOVERNOR_WINDOW + GOVERNOR_CALM_FRAMES + 10; i++) g.note(10, 2);
    expect(g.level).toBe(0);
  });

  it('frames between easy and strained hold the level where it is', () => {
    const g = new FrameGovernor(PERIOD);
    for (let i = 0; i < GOVERNOR_WINDOW; i++) g.note(50, 3);
    expect(g.level).toBe(1);
    // 25 ms late: not strained (≤ 2 periods), not easy (≥ 1.25 periods).
    for (let i = 0; i < 1000; i++) g.note(25, 3);
    expect(g.level).toBe(1);
  });
});

describe('frame scheduler under its governor', () => {
  /** rAF under our control, with a clock that a frame moves on by `late` ms before it runs. */
  function rig() {
    let now = 0;
    let cb: ((t: number) => void) | null = null;
    const s = new FrameScheduler(
      (c) => {
        cb = c;
        return 1;
      },
      () => {
        cb = null;
      },
      () => now,
    );
    return {
      s,
      frame(late: number) {
        now += late;
        const c = cb;
        cb = null;
        c?.(now);
      },
      pending: () => cb !== null,
    };
  }

  it('draws the book every frame and the tape every 2nd, then every 4th, once frames run late; a put-off draw is never lost', () => {
    const r = rig();
    const drawn = { book: 0, tape: 0 };
    const book = { draw: () => drawn.book++ };
    const tape = { draw: () => drawn.tape++, deferrable: true };
    const frames = (n: number, late: number) => {
      for (let i = 0; i < n; i++) {
        r.s.markDirty(book);
        r.s.markDirty(tape);
        r.frame(late);
      }
    };
    frames(GOVERNOR_WINDOW, 50);
    expect(r.s.governor.level).toBe(1);
    drawn.book = 0;
    drawn.tape = 0;
    frames(20, 50);
    expect(drawn.book).toBe(20);
    expect(drawn.tape).toBe(10);
    frames(GOVERNOR_WINDOW, 50);
    expect(r.s.governor.level).toBe(2);
    drawn.book = 0;
    drawn.tape = 0;
    frames(40, 50);
    expect(drawn.book).toBe(40);
    expect(drawn.tape).toBe(10);
    // The tape alone changes once more: it stays dirty and draws within the stride's frames.
    const before = drawn.tape;
    r.s.markDirty(tape);
    for (let i = 0; i < 4 && drawn.tape === before; i++) r.frame(50);
    expect(drawn.tape).toBe(before + 1);
    expect(r.pending()).toBe(false);
    expect(r.s.deferred).toBeGreaterThan(0);
  });

  it('at full detail a deferrable widget draws in the very next frame', () => {
    const r = rig();
    let tape = 0;
    r.s.markDirty({ draw: () => tape++, deferrable: true });
    r.frame(10);
    expect(tape).toBe(1);
  });
});
