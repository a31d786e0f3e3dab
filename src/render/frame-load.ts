// How late each drawing thread's frames run and what its governor did about it (issue 37 item 3):
// the main thread's loop (chart, depth, and the book and tape with ?offscreen=0) and the canvas
// worker's (book and tape), for the page's indicator. A listener hears each change of level; the
// figures are read when a person asks for them.
import type { FrameLoad } from '../core/frame-governor.ts';
import { scheduler } from './scheduler.ts';

export type { FrameLoad } from '../core/frame-governor.ts';
export type DrawingThread = 'main' | 'worker';

type Listener = (thread: DrawingThread, load: FrameLoad) => void;
const listeners = new Set<Listener>();
let worker: FrameLoad | null = null;

const tell = (thread: DrawingThread, load: FrameLoad) => {
  for (const l of listeners) l(thread, load);
};
scheduler.onLoadChange((load) => tell('main', load));

/** Hears each change of either thread's level; returns the release. */
export function onFrameLoad(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The canvas worker said how its frames run (a change of level, or its answer to `stats`). */
export function noteWorkerLoad(load: FrameLoad): void {
  const changed = worker?.level !== load.level;
  worker = load;
  if (changed) tell('worker', load);
}

/** The main thread's figures now and the canvas worker's last ones (null: it has said none, or draws nothing). */
export function frameLoadNow(): { main: FrameLoad; worker: FrameLoad | null } {
  return { main: scheduler.governor.snapshot(), worker };
}
