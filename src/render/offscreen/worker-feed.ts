// The canvas worker's feed: the frames that come straight from the feed worker, kept in the same
// FrameStore the page keeps them in, and handed to the canvases mounted now. A frame marks dirty
// only the canvases whose data it touched; a canvas not mounted (the ladder while hidden) is not
// asked anything, so it costs each frame nothing.
import { FrameStore, type FrameTouched, type StoreFrame } from '../../core/frame-store.ts';

/** A mounted canvas as the feed sees it: whether a frame's changes concern it, and how to redraw it. */
export interface FrameListener {
  wants(touched: FrameTouched): boolean;
  invalidate(): void;
}

export class WorkerFeed {
  readonly store = new FrameStore();
  readonly listeners = new Map<number, FrameListener>();

  /** Folds a frame in and marks dirty the canvases it concerns. */
  apply(f: StoreFrame): void {
    const touched = this.store.apply(f);
    for (const l of this.listeners.values()) if (l.wants(touched)) l.invalidate();
  }
}
