// How bench:load knows when the first order-book row and the first candle are on screen, the
// same way for any build of the page (the base commit has no hook for it): by watching the
// canvas calls that draw them.
//
// - A book row: the first fillText of a number into the order book's canvas. On the page's
//   main thread (no canvas worker) that canvas sits in [data-testid="order-book-canvas"]; in the
//   canvas worker it is the OffscreenCanvas that arrived in a { t: 'mount', kind: 'book' }
//   message. Rows are written with fillText on PixiJS's Canvas renderer (the renderer a machine
//   without a GPU gets, as here), in every build since the Canvas painter exists.
// - A candle: the first fillRect / strokeRect into the chart's canvas while a clip is set: the
//   chart writes its candles and volume bars clipped to the plot area (render/chart/rect-batch.ts);
//   before it has candles it fills only its background, unclipped.
// Times are epoch milliseconds (timeOrigin + now), comparable between the page and its workers.

export interface PageMarks {
  /** Navigation start of the page (epoch ms). */
  timeOrigin: number;
  bookRowMain: number;
  candle: number;
  /** The book's hidden table mirror got its first row (a DOM view of the same data, twice a second). */
  mirrorRow: number;
}

export interface WorkerMarks {
  bookRow: number;
  /** The worker's module had already run when the marks were installed (then a row may have been missed). */
  late: boolean;
}

/** Runs in the page before any of its scripts (context.addInitScript). */
export const PAGE_MARKS = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const marks = { timeOrigin: performance.timeOrigin, bookRowMain: 0, candle: 0, mirrorRow: 0 };
  Object.defineProperty(window, '__loadMarks', { value: marks });
  const P = CanvasRenderingContext2D.prototype;
  const within = (ctx, sel) => { const c = ctx.canvas; return !!(c && c.isConnected && c.closest(sel)); };
  const fillText = P.fillText;
  P.fillText = function (text, ...rest) {
    if (!marks.bookRowMain && /\\d/.test(String(text)) && within(this, '[data-testid="order-book-canvas"]')) marks.bookRowMain = now();
    return fillText.call(this, text, ...rest);
  };
  const clipped = new WeakSet();
  const clip = P.clip;
  P.clip = function (...a) { clipped.add(this); return clip.apply(this, a); };
  const restore = P.restore;
  P.restore = function () { clipped.delete(this); return restore.call(this); };
  for (const name of ['fillRect', 'strokeRect']) {
    const orig = P[name];
    P[name] = function (...a) {
      if (!marks.candle && clipped.has(this) && within(this, '[data-testid="chart-canvas"]')) marks.candle = now();
      return orig.apply(this, a);
    };
  }
  const seeMirror = () => {
    if (!marks.mirrorRow && document.querySelector('[data-testid="book-mirror"] tbody tr')) marks.mirrorRow = now();
    if (marks.mirrorRow) observer.disconnect();
  };
  const observer = new MutationObserver(seeMirror);
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Evaluated in each worker before its own code runs (bench/load.ts holds it at start through CDP). */
export const WORKER_MARKS = `(() => {
  if (self.__loadMarks) return;
  const now = () => performance.timeOrigin + performance.now();
  const marks = { bookRow: 0, late: self.onmessage !== null };
  self.__loadMarks = marks;
  if (typeof OffscreenCanvasRenderingContext2D === 'undefined') return;
  const books = new WeakSet();
  self.addEventListener('message', (ev) => {
    const m = ev.data;
    if (m && m.t === 'mount' && m.kind === 'book' && m.canvas) books.add(m.canvas);
  });
  const P = OffscreenCanvasRenderingContext2D.prototype;
  const fillText = P.fillText;
  P.fillText = function (text, ...rest) {
    if (!marks.bookRow && /\\d/.test(String(text)) && books.has(this.canvas)) marks.bookRow = now();
    return fillText.call(this, text, ...rest);
  };
})()`;
