// The page's side of the canvas worker: one worker for every offscreen canvas, started on first
// use, with its own stream of feed frames from the feed worker. A RemoteCanvas stands where a
// widget would: its mount (on the page, which owns the signal effects) gives it what the page
// decides (symbol, mode, theme, highlight); it sends that once per task, and the worker draws on
// its own frames.
import { frameLoadNow, noteWorkerLoad, type FrameLoad } from '../frame-load.ts';
import { noteRendererKind, pageRendererSpec } from '../renderer-policy.ts';
import type { LadderRow } from '../ladder/ladder-view.ts';
import type { LadderNav } from '../ladder/ladder-widget.ts';
import type { CanvasKind, FromCanvasWorker, ShownHighlight, ToCanvasWorker } from './protocol.ts';

/** Drawing the book and tape in a worker needs OffscreenCanvas; `?offscreen=0` keeps them on the main thread. */
export function offscreenCanvasWanted(search: string = window.location.search): boolean {
  if (failed) return false;
  if (typeof OffscreenCanvas === 'undefined' || typeof HTMLCanvasElement === 'undefined') return false;
  if (!('transferControlToOffscreen' in HTMLCanvasElement.prototype)) return false;
  return new URLSearchParams(search).get('offscreen') !== '0';
}

let worker: Worker | null = null;
let nextId = 1;
const listeners = new Map<number, (msg: FromCanvasWorker) => void>();
let failed = false;
let probeReply: ((frames: number[]) => void) | null = null;
let statsReply: ((frames: number) => void) | null = null;
/** Gives the feed worker the canvas worker's port (null: takes it back); the page's state does this. */
let attachFeed: (port: MessagePort | null) => void = () => {};

/** How the canvas worker gets its feed: called by the page before the first canvas (or the prestart). */
export function setCanvasFeedAttacher(attach: (port: MessagePort | null) => void): void {
  attachFeed = attach;
}

function canvasWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./canvas-worker.ts', import.meta.url), { type: 'module', name: 'canvas' });
  w.onmessage = (ev: MessageEvent<FromCanvasWorker>) => {
    const msg = ev.data;
    if (msg.t === 'probe') {
      probeReply?.(msg.frames);
      probeReply = null;
    } else if (msg.t === 'stats') {
      noteWorkerLoad(msg.load);
      statsReply?.(msg.frames);
      statsReply = null;
    } else if (msg.t === 'load') {
      noteWorkerLoad(msg.load);
    } else {
      listeners.get(msg.id)?.(msg);
    }
  };
  w.onerror = (ev) => giveUp(ev.message || 'canvas worker error');
  // Market data goes to the worker straight from the feed worker.
  const channel = new MessageChannel();
  w.postMessage({ t: 'feed', port: channel.port2 } satisfies ToCanvasWorker, [channel.port2]);
  attachFeed(channel.port1);
  worker = w;
  return w;
}

/**
 * The worker cannot draw (it failed to start, or a canvas failed): the page takes the feed back
 * at full rate and every canvas is drawn on the main thread from then on.
 */
function giveUp(message: string): void {
  if (failed) return;
  failed = true;
  console.error('canvas worker failed; drawing on the main thread:', message);
  attachFeed(null);
  for (const [id, listen] of [...listeners]) listen({ t: 'failed', id, message });
  worker?.terminate();
}

/**
 * Starts the canvas worker ahead of its first canvas (the trading page does so as it boots), so
 * PixiJS downloads, compiles and readies its renderer while the page is still starting.
 */
export function prestartCanvasWorker(attach: (port: MessagePort | null) => void): void {
  if (!offscreenCanvasWanted()) return;
  setCanvasFeedAttacher(attach);
  send({ t: 'warm', spec: pageRendererSpec() });
}

function send(msg: ToCanvasWorker, transfer: Transferable[] = []): void {
  canvasWorker().postMessage(msg, transfer);
}

export interface RemoteCanvasOptions<W> {
  kind: CanvasKind;
  canvas: HTMLCanvasElement;
  width: number;
  rtl: boolean;
  /** What the worker needs to draw it now (later values come through `update`). */
  input: W;
  /** The CSS size of the canvas for an input and width (the worker sizes its pixels). */
  cssSize: (input: W, width: number) => { width: number; height: number };
  /** The worker could not draw this canvas: the host draws it on the main thread instead. */
  onFailed: () => void;
  /** The worker drew rows into this canvas for the first time. */
  onShown?: () => void;
  /** The ladder drew these rows (they differ from the ones it drew before). */
  onRows?: (rows: LadderRow[]) => void;
}

/** A canvas widget drawn in the canvas worker. */
export class RemoteCanvas<W> {
  private readonly id = nextId++;
  private width: number;
  private queued = false;
  private input: W;
  private destroyed = false;
  private cssKey = '';

  /** Answers awaited from the worker, by query number (null when it goes first). */
  private queries = new Map<number, (answer: unknown) => void>();
  private nextQuery = 1;

  constructor(private readonly o: RemoteCanvasOptions<W>) {
    this.width = Math.max(120, Math.floor(o.width));
    listeners.set(this.id, (msg) => this.onMessage(msg));
    const input = (this.input = o.input);
    this.applyCss(input);
    const offscreen = o.canvas.transferControlToOffscreen();
    const init = { id: this.id, canvas: offscreen, width: this.width, rtl: o.rtl, spec: pageRendererSpec() };
    send({ t: 'mount', kind: o.kind, ...init, input } as ToCanvasWorker, [offscreen]);
  }

  /** New input from the page: sent once per task however often it changes. */
  update(input: W): void {
    this.input = input;
    this.queue();
  }

  /** The width the canvas is laid out for. */
  get currentWidth(): number {
    return this.width;
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w === this.width) return;
    this.width = w;
    this.applyCss(this.input);
    send({ t: 'resize', id: this.id, width: w });
  }

  private queue(): void {
    if (this.queued) return;
    this.queued = true;
    // Several signals may change in one task (a feed frame, the stale flag): one message.
    queueMicrotask(this.flush);
  }

  private readonly flush = () => {
    this.queued = false;
    if (this.destroyed) return;
    const input = this.input;
    this.applyCss(input);
    send({ t: 'input', id: this.id, input } as ToCanvasWorker);
  };

  /** The price the worker shows now at a book row, or null (empty row, or no longer mounted). */
  rowPrice(side: 0 | 1, row: number, at?: number): Promise<string | null> {
    return this.ask<string>((query) => ({ t: 'rowPrice', id: this.id, query, side, row, at }));
  }

  /** The book's outlined row as the worker drew it last, or null (the page's tests read it). */
  highlightShown(): Promise<ShownHighlight | null> {
    return this.ask<ShownHighlight>((query) => ({ t: 'highlightShown', id: this.id, query }));
  }

  /** The ladder: scroll, move the cursor, page or recentre, as the person asked. */
  ladderNav(nav: LadderNav): void {
    if (!this.destroyed) send({ t: 'ladderNav', id: this.id, nav });
  }

  /** The ladder's row `row` as drawn last, or its cursor row now; null when there is none. */
  ladderRow(row: number | 'cursor'): Promise<LadderRow | null> {
    return this.ask<LadderRow>((query) => ({ t: 'ladderRow', id: this.id, query, row }));
  }

  private ask<A>(message: (query: number) => ToCanvasWorker): Promise<A | null> {
    if (this.destroyed) return Promise.resolve(null);
    const query = this.nextQuery++;
    return new Promise<A | null>((resolve) => {
      this.queries.set(query, resolve as (answer: unknown) => void);
      send(message(query));
    });
  }

  private answer(query: number, value: unknown): void {
    this.queries.get(query)?.(value);
    this.queries.delete(query);
  }

  private applyCss(input: W): void {
    const { width, height } = this.o.cssSize(input, this.width);
    const key = `${width}x${height}`;
    if (key === this.cssKey) return;
    this.cssKey = key;
    this.o.canvas.style.width = `${width}px`;
    this.o.canvas.style.height = `${height}px`;
  }

  private onMessage(msg: FromCanvasWorker): void {
    if (this.destroyed) return;
    if (msg.t === 'mounted') noteRendererKind(msg.renderer);
    else if (msg.t === 'shown') this.o.onShown?.();
    else if (msg.t === 'rowPrice') this.answer(msg.query, msg.price);
    else if (msg.t === 'highlightShown') this.answer(msg.query, msg.shown);
    else if (msg.t === 'ladderRow') this.answer(msg.query, msg.row);
    else if (msg.t === 'ladderRows') this.o.onRows?.(msg.rows);
    else if (msg.t === 'failed') {
      this.destroy();
      this.o.onFailed();
      giveUp(`${this.o.kind}: ${msg.message}`);
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    listeners.delete(this.id);
    for (const resolve of this.queries.values()) resolve(null);
    this.queries.clear();
    if (!failed) send({ t: 'unmount', id: this.id });
  }
}

/** A fresh canvas in place of one handed to the worker (which the page can no longer draw into). */
export function replaceCanvas(old: HTMLCanvasElement): HTMLCanvasElement {
  const fresh = document.createElement('canvas');
  fresh.className = old.className;
  fresh.setAttribute('aria-hidden', 'true');
  old.replaceWith(fresh);
  return fresh;
}

/** Benchmarks: records the canvas worker's animation-frame times between `true` and `false`. */
export function probeCanvasWorker(on: boolean): Promise<number[]> {
  if (!worker || failed) return Promise.resolve([]);
  if (on) {
    send({ t: 'probe', on: true });
    return Promise.resolve([]);
  }
  return new Promise((resolve) => {
    probeReply = resolve;
    send({ t: 'probe', on: false });
  });
}

/** Animation frames in which the canvas worker drew something, or null when it is not running. */
export function canvasWorkerFrames(): Promise<number | null> {
  if (!worker || failed) return Promise.resolve(null);
  return new Promise((resolve) => {
    statsReply = resolve;
    send({ t: 'stats' });
  });
}

/** Both drawing threads' frame figures, the canvas worker's asked for now (issue 37 item 3's indicator). */
export async function refreshFrameLoad(): Promise<{ main: FrameLoad; worker: FrameLoad | null }> {
  await canvasWorkerFrames();
  return frameLoadNow();
}
