// The one animation-frame loop of a thread (the page's main thread, the canvas worker). Feed
// frames are applied at the start of a frame (`beforeDraw`), canvases that the frame or anything
// else marked dirty draw once, and then `afterDraw` tasks run (the feed's credit goes back once
// the frame is on screen). No DOM here: the animation-frame functions are looked up when first
// used, or passed in (tests).

/** A canvas widget the scheduler draws: it is told when to draw, never draws on its own. */
export interface Drawable {
  draw(now: number): void;
}

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

  constructor(
    private readonly raf: Raf = globalRaf,
    private readonly caf: (id: number) => void = globalCaf,
  ) {}

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
    if (this.rafId === 0) this.rafId = this.raf(this.tick);
  }

  private readonly tick = (now: number) => {
    this.rafId = 0;
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
    for (const d of list) {
      if (run(() => d.draw(now), 'canvas widget failed to draw:')) this.draws++;
    }
    const after = this.after;
    this.after = [];
    this.phase = 'after';
    for (const task of after) run(task, 'a frame task failed:');
    this.phase = 'idle';
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
