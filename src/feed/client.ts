// Main-thread side of the feed worker: starts it, forwards commands, and hands each frame to
// the page at the start of the page's next animation frame (the frame scheduler's, the only
// animation-frame loop of the main thread), so canvases the frame marked dirty draw in that same
// frame; the credit goes back after those draws, so the worker may send the next.
import { scheduler as pageScheduler, type FrameScheduler } from '../core/frame-scheduler.ts';
import { BOOK_WASM_URL } from '../engine/wasm-url.ts';
import type { EngineBytes, FeedCommand, FeedFrame } from './frame.ts';
import type { Notice } from '../protocol/notices.ts';
import type { CandleRow } from '../core/market-rows.ts';
import type { HeatSnapshot } from '../engine/heat-sampler.ts';
import type { SocketReport } from '../net/socket-report.ts';

export type WorkerNote =
  | { type: 'ready'; engine: string }
  | { type: 'engine-fallback'; reason: string }
  /** Every notice of the notice bar (a snapshot: on subscribe and on each change). */
  | { type: 'notices'; list: Notice[] }
  /** The market-data socket reached a report threshold (spec 9 "3/3/22"). */
  | { type: 'socketReport'; report: SocketReport }
  /** The order-book heatmap's columns for the active symbol (while the heatmap is on). */
  | { type: 'heat'; snapshot: HeatSnapshot }
  /** A candle of an extra chart's stream (the 'klines' command). */
  | { type: 'kline'; symbol: string; interval: string; candle: CandleRow };

export interface FeedClientOptions {
  onFrame: (frame: FeedFrame) => void;
  onNote?: (note: WorkerNote) => void;
  /** For tests; the real one starts src/feed/worker.ts. */
  createWorker?: () => Worker;
  /** For tests; the page's frame scheduler by default. */
  scheduler?: FrameScheduler;
}

export class FeedClient {
  private readonly worker: Worker;
  private pending: FeedFrame | null = null;
  private readonly scheduler: FrameScheduler;
  private destroyed = false;
  private hiddenAt = 0;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      this.hiddenAt = Date.now();
    } else if (this.hiddenAt > 0) {
      this.send({ type: 'visible', hiddenForMs: Date.now() - this.hiddenAt });
      this.hiddenAt = 0;
    }
  };
  private readonly onOnline = () => this.send({ type: 'online' });

  constructor(private readonly opts: FeedClientOptions) {
    this.scheduler = opts.scheduler ?? pageScheduler;
    this.worker = opts.createWorker?.() ?? this.startWorker();
    this.worker.onmessage = (ev: MessageEvent<FeedFrame | WorkerNote>) => {
      const msg = ev.data;
      if (msg.type === 'frame') {
        const queued = this.pending !== null;
        this.pending = msg;
        if (!queued) this.scheduler.beforeDraw(this.deliver);
      } else {
        opts.onNote?.(msg);
      }
    };
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
  }

  /**
   * The real feed worker, and the book engine's bytes for it: index.html preloads them, so this
   * fetch is answered by that download (a worker's own fetch could not use the page's preload).
   */
  private startWorker(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'feed' });
    void fetch(BOOK_WASM_URL)
      .then((res) => (res.ok ? res.arrayBuffer() : null))
      .catch(() => null)
      .then((bytes) => worker.postMessage({ type: 'engine', bytes } satisfies EngineBytes, bytes ? [bytes] : []));
    return worker;
  }

  private readonly deliver = () => {
    const frame = this.pending;
    this.pending = null;
    if (!frame || this.destroyed) return;
    try {
      this.opts.onFrame(frame);
    } finally {
      // After this frame's draws (a frame that failed to apply still gives its credit back).
      this.scheduler.afterDraw(this.credit);
    }
  };

  private readonly credit = () => {
    if (!this.destroyed) this.send({ type: 'credit' });
  };

  /** Hands the worker a port to the canvas worker (or takes it back with null). */
  attachCanvas(port: MessagePort | null): void {
    this.worker.postMessage({ type: 'canvasPort', port } satisfies FeedCommand, port ? [port] : []);
  }

  send(cmd: FeedCommand): void {
    this.worker.postMessage(cmd);
  }

  destroy(): void {
    this.destroyed = true;
    this.pending = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    this.worker.terminate();
  }
}
