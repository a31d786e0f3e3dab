// Main-thread side of the feed worker: starts it, forwards commands, and hands each frame to
// the page inside an animation frame, returning the credit so the worker may send the next.
import { BOOK_WASM_URL } from '../engine/wasm-url.ts';
import type { EngineBytes, FeedCommand, FeedFrame } from './frame.ts';

export type WorkerNote = { type: 'ready'; engine: string } | { type: 'engine-fallback'; reason: string };

export interface FeedClientOptions {
  onFrame: (frame: FeedFrame) => void;
  onNote?: (note: WorkerNote) => void;
  /** For tests; the real one starts src/feed/worker.ts. */
  createWorker?: () => Worker;
}

export class FeedClient {
  private readonly worker: Worker;
  private pending: FeedFrame | null = null;
  private rafId = 0;
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
    this.worker = opts.createWorker?.() ?? this.startWorker();
    this.worker.onmessage = (ev: MessageEvent<FeedFrame | WorkerNote>) => {
      const msg = ev.data;
      if (msg.type === 'frame') {
        this.pending = msg;
        if (this.rafId === 0) this.rafId = requestAnimationFrame(this.deliver);
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
    this.rafId = 0;
    const frame = this.pending;
    this.pending = null;
    if (frame) {
      try {
        this.opts.onFrame(frame);
      } finally {
        this.send({ type: 'credit' });
      }
    }
  };

  /** Hands the worker a port to the canvas worker (or takes it back with null). */
  attachCanvas(port: MessagePort | null): void {
    this.worker.postMessage({ type: 'canvasPort', port } satisfies FeedCommand, port ? [port] : []);
  }

  send(cmd: FeedCommand): void {
    this.worker.postMessage(cmd);
  }

  destroy(): void {
    if (this.rafId) cancelAnimationFrame(this.rafId);
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    this.worker.terminate();
  }
}
