// The canvas worker: the order book, the trades tape and the price ladder drawn by the same
// widgets as on the main thread, from feed frames that come straight from the feed worker. A frame or a message from
// the page marks the widgets dirty; this worker's own frame scheduler draws them on its
// animation frames, and each frame drawn returns the feed's credit for the next one. The frames
// are kept in the same FrameStore the page keeps them in and formatted by the same formatters.
import { DOMAdapter, type Adapter } from 'pixi.js';
import { BookRowFormatter, type BookFrame, type BookView } from '../../core/book-rows.ts';
import type { FrameCredit, FrameTouched, StoreFrame } from '../../core/frame-store.ts';
import { TradeRowFormatter } from '../../core/trade-rows.ts';
import { CanvasHost } from '../canvas-host.ts';
import { createRendererFor, kindOf, type RendererSpec } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { gpuKitFor } from '../text-row.ts';
import { OrderBookWidget, type OrderBookInput } from '../order-book/order-book-widget.ts';
import { TradesWidget, type TradesInput } from '../trades/trades-widget.ts';
import { WorkerLadder } from './ladder-mount.ts';
import type { BookWire, FromCanvasWorker, LadderWire, ToCanvasWorker, TradesWire } from './protocol.ts';
import type { LadderRow } from '../ladder/ladder-view.ts';
import { WorkerFeed } from './worker-feed.ts';

/**
 * PixiJS's WebWorkerAdapter without its XML parser: that one brings @xmldom/xmldom (about 60 kB)
 * for bitmap-font XML files, and this worker loads no files: it draws numbers.
 */
const workerAdapter: Adapter = {
  createCanvas: (width, height) => new OffscreenCanvas(width ?? 0, height ?? 0),
  createImage: () => {
    throw new Error('the canvas worker loads no images');
  },
  getCanvasRenderingContext2D: () => OffscreenCanvasRenderingContext2D,
  getWebGLRenderingContext: () => WebGLRenderingContext,
  getNavigator: () => navigator,
  getBaseUrl: () => self.location.href,
  getFontFaceSet: () => (self as unknown as { fonts?: FontFaceSet }).fonts ?? null,
  fetch: (url, options) => fetch(url, options),
  parseXML: () => {
    throw new Error('the canvas worker parses no XML');
  },
};
DOMAdapter.set(workerAdapter);

const post = (msg: FromCanvasWorker) => (self as unknown as Worker).postMessage(msg);
// The page's load indicator hears each change of this thread's level.
scheduler.onLoadChange((load) => post({ t: 'load', load }));

/** What the feed has said, kept as the page keeps it, and the canvases its frames redraw. */
const frames = new WorkerFeed();
const feed = frames.store;
const staleBook = () => feed.status?.stale.book ?? true;
const staleTrades = () => feed.status?.stale.trades ?? true;

interface Mounted {
  widget: OrderBookWidget | TradesWidget;
  host: CanvasHost<OrderBookWidget | TradesWidget>;
  accept(wire: BookWire | TradesWire): void;
  /** Whether a frame's changes concern it: only the widgets whose data a frame touched draw again. */
  wants(touched: FrameTouched): boolean;
  invalidate(): void;
}
const mounted = new Map<number, Mounted>();
/** Ladders shown now (none while hidden: then frames ask nothing of the ladder). */
const ladders = new Map<number, WorkerLadder>();

function applyFrame(f: StoreFrame): void {
  frames.apply(f);
}

function connectFeed(port: MessagePort): void {
  const credit: FrameCredit = { type: 'credit' };
  const giveCredit = () => port.postMessage(credit);
  port.onmessage = (ev: MessageEvent<StoreFrame & { type?: string }>) => {
    if (ev.data?.type !== 'frame') return;
    applyFrame(ev.data);
    // One frame per animation frame of this worker: the credit goes back once it drew.
    scheduler.afterDraw(giveCredit);
  };
}

function rendererOf(spec: RendererSpec, id: number) {
  return async (init: Parameters<typeof createRendererFor>[0]) => {
    const r = await createRendererFor(init, spec, false);
    post({ t: 'mounted', id, renderer: kindOf(r) });
    return r;
  };
}

/** Hosts a widget (a failure to start is reported to the page) and lets new page input redraw it. */
function started<W>(id: number, spec: RendererSpec, widget: OrderBookWidget | TradesWidget, setWire: (wire: W) => void): Mounted {
  const host = new CanvasHost<OrderBookWidget | TradesWidget>(widget, {
    makeRenderer: rendererOf(spec, id),
    onError: (err) => post({ t: 'failed', id, message: String(err) }),
  });
  const book = widget instanceof OrderBookWidget;
  return {
    widget,
    host,
    accept(next) {
      setWire(next as W);
      host.invalidate();
    },
    wants: (t) => (book ? t.book : t.trades) || t.status,
    invalidate: () => widget.invalidate(),
  };
}

function mountBook(id: number, canvas: OffscreenCanvas, width: number, rtl: boolean, spec: RendererSpec, first: BookWire): Mounted {
  let wire = first;
  const formatter = new BookRowFormatter();
  let made: { frame: BookFrame; wire: BookWire; view: BookView } | null = null;
  const read = (): OrderBookInput => {
    const m = wire.market;
    const f = feed.book;
    let view: BookView | null = null;
    if (m && f && f.symbol === m.symbol) {
      if (!made || made.frame !== f || made.wire !== wire) made = { frame: f, wire, view: formatter.format(f, m.scales) };
      view = made.view;
    }
    return { view, mode: wire.mode, theme: wire.theme, rtl, highlight: wire.highlight, stale: staleBook(), pitch: wire.pitch };
  };
  const widget = new OrderBookWidget(canvas, width, read, () => post({ t: 'shown', id }));
  return started<BookWire>(id, spec, widget, (next) => (wire = next));
}

function mountTrades(id: number, canvas: OffscreenCanvas, width: number, rtl: boolean, spec: RendererSpec, first: TradesWire): Mounted {
  let wire = first;
  const formatter = new TradeRowFormatter();
  const read = (): TradesInput => ({
    rows: wire.market ? formatter.rows(feed.trades, wire.market.pricePrecision, wire.market.quantityPrecision) : [],
    theme: wire.theme,
    rtl,
    stale: staleTrades(),
  });
  return started<TradesWire>(id, spec, new TradesWidget(canvas, width, read), (next) => (wire = next));
}

/**
 * The ladder's drawn rows go to the page at most four times a second (its screen-reader mirror
 * refreshes twice a second, and a click asks this worker for the row it drew last), at once when
 * their number changes, and the last of a burst always: posting every frame's rows was a cost
 * for nothing (bench:browser had the shown ladder at 32.2 % main-thread busy against 15.6 %
 * without it; a rerun with this throttle still had 31.4 % against 17.6 %, so most of that is elsewhere).
 */
const LADDER_ROWS_POST_MS = 250;
function ladderRowsPoster(id: number): (rows: readonly LadderRow[]) => void {
  let last = 0;
  let count = -1;
  let pending: readonly LadderRow[] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    if (!pending) return;
    last = performance.now();
    count = pending.length;
    post({ t: 'ladderRows', id, rows: pending.slice() });
    pending = null;
  };
  return (rows) => {
    pending = rows;
    const wait = LADDER_ROWS_POST_MS - (performance.now() - last);
    if (rows.length !== count || wait <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      send();
    } else if (timer === undefined) timer = setTimeout(send, wait);
  };
}

function mountLadder(id: number, canvas: OffscreenCanvas, width: number, rtl: boolean, spec: RendererSpec, first: LadderWire): WorkerLadder {
  const fail = (err: unknown) => post({ t: 'failed', id, message: String(err) });
  return new WorkerLadder({
    canvas,
    width,
    rtl,
    wire: first,
    feed,
    host: (widget) => new CanvasHost(widget, { makeRenderer: rendererOf(spec, id), onError: fail }),
    onRows: ladderRowsPoster(id),
    onError: fail,
  });
}

/**
 * Readies PixiJS before the first canvas arrives (the page starts this worker as it boots): a
 * throwaway renderer loads the renderer's code and sets up its systems, and on a GPU renderer
 * the digits font is drawn. A failure here is no failure: the real mount reports its own.
 */
async function warm(spec: RendererSpec): Promise<void> {
  try {
    const r = await createRendererFor({ canvas: new OffscreenCanvas(1, 1), width: 1, height: 1, background: 0 }, spec, false);
    (await gpuKitFor(r))?.ensureDigitsFont(r.resolution);
    r.destroy();
  } catch {
    // The mount that follows tries again and reports.
  }
}

// Benchmarks only: the times of the worker's animation frames while recording is on.
let probe: number[] | null = null;
const probeTick = (t: number) => {
  if (!probe) return;
  probe.push(t);
  requestAnimationFrame(probeTick);
};

self.onmessage = (ev: MessageEvent<ToCanvasWorker>) => {
  const msg = ev.data;
  switch (msg.t) {
    case 'feed':
      connectFeed(msg.port);
      break;
    case 'warm':
      void warm(msg.spec);
      break;
    case 'mount': {
      if (msg.kind === 'ladder') {
        const l = mountLadder(msg.id, msg.canvas, msg.width, msg.rtl, msg.spec, msg.input);
        ladders.set(msg.id, l);
        frames.listeners.set(msg.id, l);
        break;
      }
      const m =
        msg.kind === 'book'
          ? mountBook(msg.id, msg.canvas, msg.width, msg.rtl, msg.spec, msg.input)
          : mountTrades(msg.id, msg.canvas, msg.width, msg.rtl, msg.spec, msg.input);
      mounted.set(msg.id, m);
      frames.listeners.set(msg.id, m);
      break;
    }
    case 'input':
      if (ladders.has(msg.id)) ladders.get(msg.id)!.accept(msg.input as LadderWire);
      else mounted.get(msg.id)?.accept(msg.input as BookWire | TradesWire);
      break;
    case 'resize':
      mounted.get(msg.id)?.widget.resize(msg.width);
      ladders.get(msg.id)?.resize(msg.width);
      break;
    case 'unmount':
      mounted.get(msg.id)?.host.destroy();
      ladders.get(msg.id)?.destroy();
      mounted.delete(msg.id);
      ladders.delete(msg.id);
      frames.listeners.delete(msg.id);
      break;
    case 'ladderNav':
      ladders.get(msg.id)?.navigate(msg.nav);
      break;
    case 'ladderRow': {
      const { id, query } = msg;
      const l = ladders.get(id);
      if (!l) post({ t: 'ladderRow', id, query, row: null });
      else void l.row(msg.row).then((row) => post({ t: 'ladderRow', id, query, row }));
      break;
    }
    case 'rowPrice': {
      const w = mounted.get(msg.id)?.widget;
      post({ t: 'rowPrice', id: msg.id, query: msg.query, price: w instanceof OrderBookWidget ? w.priceShownAt(msg.side, msg.row, msg.at) : null });
      break;
    }
    case 'highlightShown': {
      const w = mounted.get(msg.id)?.widget;
      post({ t: 'highlightShown', id: msg.id, query: msg.query, shown: w instanceof OrderBookWidget ? w.highlightShown() : null });
      break;
    }
    case 'probe':
      if (msg.on && !probe) {
        probe = [];
        requestAnimationFrame(probeTick);
      } else if (!msg.on) {
        post({ t: 'probe', frames: probe ?? [] });
        probe = null;
      }
      break;
    case 'stats':
      post({ t: 'stats', frames: scheduler.frames, draws: scheduler.draws, load: scheduler.governor.snapshot() });
      break;
  }
};
