// The price ladder's canvas wired to the page, as the book's (../order-book/book-canvas-mount.ts):
// drawn in the canvas worker where OffscreenCanvas exists, from the book frames and trades the
// worker already gets; the page sends it only what it decides (the merge step, the user's own
// orders per price, the theme, its height) and what the person asks of it (scroll, cursor,
// recentre). Without OffscreenCanvas, or when the worker fails, it is drawn here from the page's
// signals. Either way the rows it drew come back (the screen-reader mirror, what a click means).
import { priceDecimalsOf, type LadderInput, type LadderRow } from '../../render/ladder/ladder-view.ts';
import type { LadderNav } from '../../render/ladder/ladder-widget.ts';
import { offscreenCanvasWanted } from '../../render/offscreen/host.ts';
import type { LadderWire } from '../../render/offscreen/protocol.ts';
import { bookScales, bookView } from '../../state/market/active-market.ts';
import { feedStatus } from '../../state/market/market-data.ts';
import { ladderHeight, ladderScale, lastTradeTicks, ownAtPrice, setLadderHeight, volumeAtPrice } from '../../state/trading/ladder.ts';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import { hostWhenLoaded, mountInWorker } from '../canvas/canvas-mount.ts';
import type { MountedCanvas } from '../canvas/useCanvasHost.ts';

/** The ladder's canvas as its host element sees it, wherever it is drawn. */
export interface LadderCanvas extends MountedCanvas {
  /** Scrolls, moves the cursor, pages or recentres. */
  nav(nav: LadderNav): void;
  /** Row `row` as drawn last (what a click there means), or the cursor's row now; null when none. */
  rowAt(row: number | 'cursor'): Promise<LadderRow | null>;
}

/** The ladder's input from the page's signals (read inside an effect: it tracks them). */
function readHere(rtl: boolean): LadderInput | null {
  const sc = ladderScale.value;
  const m = bookScales.value;
  const view = bookView.value;
  if (!sc || !m || !view || view.symbol !== sc.symbolId) return null;
  return {
    key: `${sc.symbolId}/${sc.stepTicks}`,
    tick: sc.tick,
    stepTicks: sc.stepTicks,
    priceDecimals: priceDecimalsOf(view, m.scales.priceDecimals),
    sizeDecimals: sc.sizeDecimals,
    bids: view.bids,
    asks: view.asks,
    own: ownAtPrice.value,
    volume: volumeAtPrice.value,
    lastTicks: lastTradeTicks.value,
    theme: canvasTheme.value,
    rtl,
    stale: feedStatus.value?.stale.book ?? true,
  };
}

/** The ladder drawn on the main thread; PixiJS and the widget load only then. */
function mountHere(canvas: HTMLCanvasElement, width: number, height: number, rtl: boolean, onRows: (rows: LadderRow[]) => void): LadderCanvas {
  let w = width;
  let h = height;
  const read = () => readHere(rtl);
  const hosted = hostWhenLoaded(
    () => import('../../render/ladder/ladder-widget.ts').then(({ LadderWidget }) => new LadderWidget(canvas, w, h, read, (rows) => onRows(rows.slice()))),
    read,
    'price ladder',
  );
  const size = () => {
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  };
  size();
  return {
    nav: (nav) => hosted.host?.widget.navigate(nav),
    rowAt: (row) => {
      const widget = hosted.host?.widget;
      return Promise.resolve(!widget ? null : row === 'cursor' ? widget.cursorRow() : (widget.rows[row] ?? null));
    },
    resize: (nw, nh) => {
      w = nw;
      h = nh;
      size();
      hosted.host?.widget.resize(nw, nh);
    },
    destroy: () => hosted.destroy(),
  };
}

/** Mounts the ladder's canvas on `canvas` (`width` × `height` CSS pixels), in the canvas worker where it can be drawn there. */
export function mountLadder(canvas: HTMLCanvasElement, width: number, height: number, rtl: boolean, onRows: (rows: LadderRow[]) => void): LadderCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, height, rtl, onRows);
  setLadderHeight(height);
  const current = mountInWorker<LadderWire, LadderCanvas>({
    remote: { kind: 'ladder', canvas, width, rtl, cssSize: (i, w) => ({ width: w, height: i.height }), onRows },
    wire: () => {
      const m = bookScales.value;
      const sc = ladderScale.value;
      return {
        market: m && sc && sc.symbolId === m.symbol ? { symbol: m.symbol, scales: m.scales, stepTicks: sc.stepTicks } : null,
        own: ownAtPrice.value,
        theme: canvasTheme.value,
        height: ladderHeight.value,
      };
    },
    face: (remote, destroy) => ({
      nav: (nav) => remote.ladderNav(nav),
      rowAt: (row) => remote.ladderRow(row),
      resize: (w, h) => {
        remote.resize(w);
        setLadderHeight(h);
      },
      destroy,
    }),
    here: (fresh, w) => mountHere(fresh, w, ladderHeight.peek(), rtl, onRows),
  });
  return {
    nav: (nav) => current().nav(nav),
    rowAt: (row) => current().rowAt(row),
    resize: (w, h) => current().resize(w, h),
    destroy: () => current().destroy(),
  };
}
