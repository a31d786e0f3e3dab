// The price ladder as the canvas worker hosts it. This file is all the worker carries of the
// ladder until one is mounted: the widget, its view, its painters and what it reads of the feed
// (ladder-source.ts) load with the first ladder, so a page that never shows it loads none of it
// and its frames ask nothing of it. Messages that arrive while the code loads (a scroll, a
// click's question) are kept and answered once it is there.
import type { FrameStore, FrameTouched } from '../../core/frame-store.ts';
import type { ICanvas } from 'pixi.js';
import type { LadderRow } from '../ladder/ladder-view.ts';
import type { LadderNav, LadderWidget } from '../ladder/ladder-widget.ts';
import type { LadderWire } from './protocol.ts';
import type { FrameListener } from './worker-feed.ts';

/** What hosts the widget once it exists (the worker's CanvasHost: renderer, painter, frames). */
export interface LadderHosting {
  invalidate(): void;
  destroy(): void;
}

export interface WorkerLadderOptions {
  canvas: ICanvas;
  width: number;
  rtl: boolean;
  wire: LadderWire;
  feed: Pick<FrameStore, 'book' | 'trades' | 'status'>;
  host: (widget: LadderWidget) => LadderHosting;
  /** The rows drawn, each time they differ from the rows drawn before. */
  onRows: (rows: LadderRow[]) => void;
  onError: (err: unknown) => void;
}

const sameRow = (a: LadderRow, b: LadderRow) =>
  a.ticks === b.ticks && a.price === b.price && a.bid === b.bid && a.ask === b.ask && a.ownBuy === b.ownBuy && a.ownSell === b.ownSell && a.volume === b.volume && a.last === b.last && a.cursor === b.cursor;

export class WorkerLadder implements FrameListener {
  private widget: LadderWidget | null = null;
  private host: LadderHosting | null = null;
  private destroyed = false;
  private waiting: Array<(w: LadderWidget | null) => void> = [];
  private wire: LadderWire;
  private width: number;
  private posted: readonly LadderRow[] = [];
  /** Settles once the ladder's code has loaded and the widget is hosted (or it was unmounted first). */
  readonly ready: Promise<void>;

  constructor(private readonly o: WorkerLadderOptions) {
    this.wire = o.wire;
    this.width = o.width;
    this.ready = Promise.all([import('../ladder/ladder-widget.ts'), import('./ladder-source.ts')]).then(
      ([{ LadderWidget }, { LadderSource }]) => {
        if (this.destroyed) return;
        const source = new LadderSource(o.feed);
        const widget = new LadderWidget(o.canvas, this.width, this.wire.height, () => source.read(this.wire, o.rtl), (rows) => this.drew(rows));
        this.widget = widget;
        this.host = o.host(widget);
        this.settle(widget);
      },
      (err: unknown) => {
        this.settle(null);
        if (!this.destroyed) o.onError(err);
      },
    );
  }

  /** A frame concerns the ladder when it brought book levels, trades or the streams' staleness. */
  wants(touched: FrameTouched): boolean {
    return touched.book || touched.trades || touched.status;
  }

  invalidate(): void {
    this.widget?.invalidate();
  }

  /** New input from the page (own orders, step, theme, height). */
  accept(wire: LadderWire): void {
    this.wire = wire;
    this.widget?.resize(this.width, wire.height);
    this.host?.invalidate();
  }

  resize(width: number): void {
    this.width = width;
    this.widget?.resize(width, this.wire.height);
  }

  navigate(nav: LadderNav): void {
    this.when((w) => w?.navigate(nav));
  }

  /** Row `row` as drawn last, or the cursor's row now; null when there is none. */
  row(row: number | 'cursor'): Promise<LadderRow | null> {
    return new Promise((resolve) => this.when((w) => resolve(!w ? null : row === 'cursor' ? w.cursorRow() : (w.rows[row] ?? null))));
  }

  private drew(rows: readonly LadderRow[]): void {
    const before = this.posted;
    if (rows.length === before.length && rows.every((r, i) => sameRow(r, before[i]!))) return;
    this.posted = rows;
    this.o.onRows(rows.slice());
  }

  private when(act: (w: LadderWidget | null) => void): void {
    if (this.widget || this.destroyed) act(this.widget);
    else this.waiting.push(act);
  }

  private settle(w: LadderWidget | null): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const act of waiting) act(w);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.host?.destroy();
    this.host = null;
    this.widget = null;
    this.settle(null);
  }
}
