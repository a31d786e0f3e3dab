/** A canvas widget the scheduler draws: it is told when to draw, never draws on its own. */
export interface Drawable {
  draw(now: number): void;
}

/**
 * One animation-frame loop for every canvas on the page. Signal effects only mark a widget
 * dirty; the loop draws each dirty widget once per frame and stops when nothing is dirty.
 */
export class FrameScheduler {
  private readonly dirty = new Set<Drawable>();
  private rafId = 0;
  frames = 0;
  draws = 0;

  constructor(
    private readonly raf: (cb: FrameRequestCallback) => number = (cb) => requestAnimationFrame(cb),
    private readonly caf: (id: number) => void = (id) => cancelAnimationFrame(id),
  ) {}

  markDirty(d: Drawable): void {
    this.dirty.add(d);
    if (this.rafId === 0) this.rafId = this.raf(this.tick);
  }

  forget(d: Drawable): void {
    this.dirty.delete(d);
  }

  private readonly tick = (now: number) => {
    this.rafId = 0;
    this.frames++;
    const list = [...this.dirty];
    this.dirty.clear();
    for (const d of list) {
      try {
        d.draw(now);
        this.draws++;
      } catch (err) {
        console.error('canvas widget failed to draw:', err);
      }
    }
  };

  destroy(): void {
    if (this.rafId) this.caf(this.rafId);
    this.rafId = 0;
    this.dirty.clear();
  }
}

export const scheduler = new FrameScheduler();
