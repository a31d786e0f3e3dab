// The one animation-frame loop of a thread (the page's main thread, the canvas worker). Feed
// frames are applied at the start of a frame (`beforeDraw`), canvases that the frame or anything
// else marked dirty draw once, and then `afterDraw` tasks run (the feed's credit goes back once
// the frame is on screen). No DOM here: the animation-frame functions are looked up when first
// used, or passed in (tests).

/** A canvas widget the scheduler draws: it is told when to draw, never draws on its own. */
export interface Drawable {
  draw(now: number): void;
  /**
   * May wait a frame or three when the thread's frames run late (the tape, the chart): the
   * governor then draws it every 2nd or 4th frame (frame-governor.ts). The book never waits.
   */
  readonly deferrable?: boolean;
}

import { FrameGovernor, type FrameLoad } from './frame-governor.ts';

type Raf = (cb: (now: number) => void) => number;

const globalRaf: Raf = (cb) => (globalThis as unknown as { requestAnimationFrame: Raf }).requestAnimationFrame(cb);
const globalCaf = (id: number) => (globalThis as unknown as { cancelAnimationFrame: (id: number) => void }).cancelAnimationFrame(id);

/**
 * Signal effects and feed frames only mark work; the loop does it once per frame and stops
 * asking for frames when there is none.
 */
export class FrameScheduler {
  private readonly dirty = new Set<Drawable>();
  /** Drawables that draw with the next frame that draws anything (markDirtyWithin). */
  private readonly riders = new Set<Drawable>();
  private before: Array<() => void> = [];
  private after: Array<() => void> = [];
  private rafId = 0;
  /** Where the current frame is, so work it will still reach asks for no further frame. */
  private phase: 'idle' | 'before' | 'draw' | 'after' = 'idle';
  /** Animation frames in which something was drawn (a frame that only applied a feed frame or gave a credit back is not counted). */
  frames = 0;
  draws = 0;
  /** Draws of deferrable widgets put off to a later frame by the governor. */
  deferred = 0;
  /** Watches this loop's frames and says how often deferrable widgets draw. */
  readonly governor: FrameGovernor;
  /** When the pending animation frame was asked for (the clock's time), to see how late it comes. */
  private requestedAt = 0;
  private ticks = 0;

  constructor(
    private readonly raf: Raf = globalRaf,
    private readonly caf: (id: number) => void = globalCaf,
    private readonly clock: () => number = () => performance.now(),
    onLoad?: (load: FrameLoad) => void,
  ) {
    this.governor = new FrameGovernor(1000 / 60, (load) => this.loadListener?.(load));
    this.loadListener = onLoad ?? null;
  }

  private loadListener: ((load: FrameLoad) => void) | null;

  /** Hears each change of the governor's level (the page's indicator; the canvas worker posts it). */
  onLoadChange(listener: ((load: FrameLoad) => void) | null): void {
    this.loadListener = listener;
  }

  markDirty(d: Drawable): void {
    this.dirty.add(d);
    if (this.phase !== 'before') this.request();
  }

  /**
   * `d` has a change that may wait a little (a highlight going off): it draws with the next frame
   * that draws anything else, or on its own `withinMs` from now. A calm page then draws no frame
   * just for it when other data follows soon.
   */
  markDirtyWithin(d: Drawable, withinMs: number): void {
    if (this.dirty.has(d) || this.riders.has(d)) return;
    this.riders.add(d);
    setTimeout(() => {
      if (this.riders.delete(d)) this.markDirty(d);
    }, withinMs);
  }

  forget(d: Drawable): void {
    this.dirty.delete(d);
    this.riders.delete(d);
  }

  /** Runs `task` at the start of the next frame, before the draws (what it marks dirty draws in that frame). */
  beforeDraw(task: () => void): void {
    this.before.push(task);
    this.request();
  }

  /** Runs `task` at the end of the next frame, after the draws. */
  afterDraw(task: () => void): void {
    this.after.push(task);
    if (this.phase !== 'before' && this.phase !== 'draw') this.request();
  }

  private request(): void {
    if (this.rafId === 0) {
      this.requestedAt = this.clock();
      this.rafId = this.raf(this.tick);
    }
  }

  private readonly tick = (now: number) => {
    this.rafId = 0;
    const started = this.clock();
    const late = started - this.requestedAt;
    this.ticks++;
    const before = this.before;
    this.before = [];
    this.phase = 'before';
    for (const task of before) run(task, 'a frame task failed:');
    const list = [...this.dirty];
    this.dirty.clear();
    if (list.length > 0) {
      this.frames++;
      for (const r of this.riders) if (!list.includes(r)) list.push(r);
      this.riders.clear();
    }
    this.phase = 'draw';
    // Under load, what may wait draws on every stride-th frame only; it stays dirty until then.
    const stride = this.governor.stride;
    const putOff: Drawable[] = [];
    for (const d of list) {
      if (d.deferrable && stride > 1 && this.ticks % stride !== 0) {
        putOff.push(d);
        continue;
      }
      if (run(() => d.draw(now), 'canvas widget failed to draw:')) this.draws++;
    }
    const after = this.after;
    this.after = [];
    this.phase = 'after';
    for (const task of after) run(task, 'a frame task failed:');
    this.phase = 'idle';
    if (putOff.length > 0) {
      this.deferred += putOff.length;
      for (const d of putOff) this.dirty.add(d);
      this.request();
    }
    if (list.length > 0) this.governor.note(late, this.clock() - started);
  };

  destroy(): void {
    if (this.rafId) this.caf(this.rafId);
    this.rafId = 0;
    this.dirty.clear();
    this.riders.clear();
    this.before = [];
    this.after = [];
  }
}

function run(task: () => void, what: string): boolean {
  try {
    task();
    return true;
  } catch (err) {
    console.error(what, err);
    return false;
  }
}

/** This thread's loop. */
export const scheduler = new FrameScheduler();
