// The canvas worker: the order book and the trades tape drawn by the same widgets as on the main
// thread. The page's signals decide what is sent; here a message replaces a widget's input and
// marks it dirty, and this worker's own frame scheduler draws it on the worker's animation frames.
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import { setSlowdown, slowed } from '../../core/slowdown.ts';
import { createRendererFor, kindOf, type RendererSpec } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { OrderBookWidget, type BookRowCells, type OrderBookInput } from '../order-book/order-book-widget.ts';
import { TradesWidget, type TradeRowCells, type TradesInput } from '../trades/trades-widget.ts';
import type { BookWire, FromCanvasWorker, ToCanvasWorker, TradesWire } from './protocol.ts';
import { RowReceiver } from './row-sync.ts';

DOMAdapter.set(WebWorkerAdapter);

// Every animation frame of this worker (the scheduler's, which looks the function up per call)
// runs through `slowed`, a no-op unless a benchmark emulates a slower CPU.
const nativeRaf = self.requestAnimationFrame.bind(self);
self.requestAnimationFrame = (cb: FrameRequestCallback) => nativeRaf(slowed(cb));

interface Mounted {
  widget: OrderBookWidget | TradesWidget;
  accept(wire: BookWire | TradesWire): void;
}

const mounted = new Map<number, Mounted>();
const post = (msg: FromCanvasWorker) => (self as unknown as Worker).postMessage(msg);

function rendererOf(spec: RendererSpec, id: number) {
  return async (init: Parameters<typeof createRendererFor>[0]) => {
    const r = await createRendererFor(init, spec, false);
    post({ t: 'mounted', id, renderer: kindOf(r) });
    return r;
  };
}

function mountBook(id: number, canvas: OffscreenCanvas, width: number, rtl: boolean, spec: RendererSpec, first: BookWire): Mounted {
  const bids = new RowReceiver<BookRowCells>();
  const asks = new RowReceiver<BookRowCells>();
  const toInput = (w: BookWire, prev: OrderBookInput | null): OrderBookInput | null => {
    let view: OrderBookInput['view'] = null;
    if (w.view) {
      const b = bids.decode(w.view.bids);
      const a = asks.decode(w.view.asks);
      if (!b || !a) return null;
      view = { bids: b, asks: a };
    }
    return { view, mode: w.mode, theme: prev?.theme.up === w.theme.up ? prev.theme : w.theme, rtl, highlight: w.highlight, stale: w.stale };
  };
  let input = toInput(first, null)!;
  const widget = new OrderBookWidget(canvas, width, () => input, rendererOf(spec, id));
  void widget.init().catch((err: unknown) => post({ t: 'failed', id, message: String(err) }));
  return {
    widget,
    accept(wire) {
      const next = toInput(wire as BookWire, input);
      if (!next) return post({ t: 'resync', id });
      input = next;
      scheduler.markDirty(widget);
    },
  };
}

function mountTrades(id: number, canvas: OffscreenCanvas, width: number, rtl: boolean, spec: RendererSpec, first: TradesWire): Mounted {
  const rows = new RowReceiver<TradeRowCells>();
  const toInput = (w: TradesWire, prev: TradesInput | null): TradesInput | null => {
    const list = rows.decode(w.rows);
    if (!list) return null;
    return { rows: list, theme: prev?.theme.up === w.theme.up ? prev.theme : w.theme, rtl, stale: w.stale };
  };
  let input = toInput(first, null)!;
  const widget = new TradesWidget(canvas, width, () => input, rendererOf(spec, id));
  void widget.init().catch((err: unknown) => post({ t: 'failed', id, message: String(err) }));
  return {
    widget,
    accept(wire) {
      const next = toInput(wire as TradesWire, input);
      if (!next) return post({ t: 'resync', id });
      input = next;
      scheduler.markDirty(widget);
    },
  };
}

// Benchmarks only: the times of the worker's animation frames while recording is on.
let probe: number[] | null = null;
const probeTick = (t: number) => {
  if (!probe) return;
  probe.push(t);
  requestAnimationFrame(probeTick);
};

self.onmessage = slowed((ev: MessageEvent<ToCanvasWorker>) => {
  const msg = ev.data;
  switch (msg.t) {
    case 'mount': {
      const m =
        msg.kind === 'book'
          ? mountBook(msg.id, msg.canvas, msg.width, msg.rtl, msg.spec, msg.input)
          : mountTrades(msg.id, msg.canvas, msg.width, msg.rtl, msg.spec, msg.input);
      mounted.set(msg.id, m);
      break;
    }
    case 'input':
      mounted.get(msg.id)?.accept(msg.input);
      break;
    case 'resize':
      mounted.get(msg.id)?.widget.resize(msg.width);
      break;
    case 'unmount':
      mounted.get(msg.id)?.widget.destroy();
      mounted.delete(msg.id);
      break;
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
      post({ t: 'stats', frames: scheduler.frames, draws: scheduler.draws });
      break;
    case 'slowdown':
      setSlowdown(msg.rate);
      break;
  }
});
