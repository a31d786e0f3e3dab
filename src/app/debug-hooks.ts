// window.__spotDebug: hooks for people and browser tests checking error handling and frame
// counts. Installed only when DEBUG_HOOKS (dev server, test build); the production build drops
// this module entirely.
import { scheduler } from '../render/scheduler.ts';
import { canvasWorkerFrames, probeCanvasWorker } from '../render/offscreen/host.ts';
import { readCanvas, requestCrash } from '../state/debug.ts';
import { pendingPushWaits, streamState, streamSubscribed } from '../state/trading/trading-sync.ts';

declare global {
  interface Window {
    /** Hooks for people and browser tests checking error handling; they only affect this tab. */
    __spotDebug?: {
      crash: (region: string) => void;
      /** Animation frames in which at least one main-thread canvas was drawn (the browser bench reads it). */
      drawnFrames: () => number;
      /** The same for the canvas worker (order book and tape), null when it is not running. */
      workerDrawnFrames: () => Promise<number | null>;
      /** Records the canvas worker's animation-frame times from `true` to `false` (benchmarks). */
      probeWorkerFrames: (on: boolean) => Promise<number[]>;
      /**
       * What a mounted canvas says it drew, or null: 'bookHighlight' (the outlined row, a promise),
       * 'chartAxisLabels' (the price axis's boxes), 'chartPriceAxis' (its tick labels and width),
       * 'depth' (axes and mid-price marker).
       */
      canvas: (name: string) => unknown;
      /** Acknowledged order changes still waiting for their push or their gap's list read (trading-sync.ts). */
      pendingPushWaits: () => number;
      /** The private stream's state ('open' once connected; its subscription goes out on open). */
      privateStream: () => string;
      /** Whether the exchange acknowledged the private stream's subscription (its pushes now reach the page). */
      privateSubscribed: () => boolean;
    };
  }
}

export function installDebugHooks(): void {
  window.__spotDebug = {
    crash: requestCrash,
    drawnFrames: () => scheduler.frames,
    workerDrawnFrames: canvasWorkerFrames,
    probeWorkerFrames: probeCanvasWorker,
    canvas: readCanvas,
    pendingPushWaits,
    privateStream: () => streamState.peek(),
    privateSubscribed: () => streamSubscribed.peek(),
  };
}
