// Baseline (b): the practical floor. A hand-written Canvas 2D book and trades tape: messages
// only update the maps and mark dirty; one full redraw per animation frame when dirty.
import { MODE, PlainBook, ROWS, TRADE_ROWS, connect, formatTotal, maxTotal, stats, type Level } from './feed.ts';

const ROW = 22;
const GAP = 2;
const MID = 36;
const SIDE_W = 360;
const FONT = '12px ui-monospace, "Liberation Mono", monospace';
const UP = '#20b26c';
const DOWN = '#ef454a';
const UP_BAR = 'rgba(32,178,108,0.18)';
const DOWN_BAR = 'rgba(239,69,74,0.18)';
const TEXT = '#eaecef';
const MUTED = '#848e9c';
const BG = '#0b0e11';

function setup(id: string, w: number, h: number): CanvasRenderingContext2D {
  const canvas = document.getElementById(id) as HTMLCanvasElement;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = w * dpr;
  canvas.height = h * dpr;
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  ctx.scale(dpr, dpr);
  return ctx;
}

const bookW = MODE === 4 ? SIDE_W * 2 : SIDE_W;
const bookH = MODE === 4 ? MID + ROWS * ROW : ROWS * ROW * 2 + MID;
const bookCtx = setup('book', bookW, bookH);
const tradesCtx = setup('trades', SIDE_W, TRADE_ROWS * ROW);
const book = new PlainBook();
let bookDirty = false;
let tradesDirty = false;

function drawSide(ctx: CanvasRenderingContext2D, levels: Level[], x: number, y0: number, bestAtBottom: boolean, bid: boolean, max: number): void {
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i]!;
    const y = y0 + (bestAtBottom ? ROWS - 1 - i : i) * ROW;
    const w = Math.round(Math.min(1, l.total / max) * SIDE_W);
    ctx.fillStyle = bid ? UP_BAR : DOWN_BAR;
    ctx.fillRect(x + SIDE_W - w, y + GAP / 2, w, ROW - GAP);
    const mid = y + ROW / 2;
    ctx.fillStyle = bid ? UP : DOWN;
    ctx.textAlign = 'left';
    ctx.fillText(l.price, x + 8, mid);
    ctx.fillStyle = TEXT;
    ctx.textAlign = 'right';
    ctx.fillText(l.size, x + Math.round(SIDE_W * 0.62), mid);
    ctx.fillText(formatTotal(l.total), x + SIDE_W - 8, mid);
  }
}

function drawBook(): void {
  const s = book.snapshot();
  const max = maxTotal(s);
  const ctx = bookCtx;
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, bookW, bookH);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  if (MODE === 4) {
    drawSide(ctx, s.bids, 0, MID, false, true, max);
    drawSide(ctx, s.asks, SIDE_W, MID, false, false, max);
  } else {
    drawSide(ctx, s.asks, 0, 0, true, false, max);
    drawSide(ctx, s.bids, 0, ROWS * ROW + MID, false, true, max);
  }
  const last = s.trades[0];
  if (last) {
    ctx.font = '16px ui-monospace, "Liberation Mono", monospace';
    ctx.fillStyle = last.buy ? UP : DOWN;
    ctx.textAlign = 'left';
    ctx.fillText(last.price, 8, MODE === 4 ? MID / 2 : ROWS * ROW + MID / 2);
  }
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

function drawTrades(): void {
  const ctx = tradesCtx;
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, SIDE_W, TRADE_ROWS * ROW);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  const list = book.trades;
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const y = i * ROW + ROW / 2;
    const d = new Date(t.time);
    ctx.fillStyle = t.buy ? UP : DOWN;
    ctx.textAlign = 'left';
    ctx.fillText(t.price, 8, y);
    ctx.fillStyle = TEXT;
    ctx.textAlign = 'right';
    ctx.fillText(t.qty, Math.round(SIDE_W * 0.62), y);
    ctx.fillStyle = MUTED;
    ctx.fillText(`${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, SIDE_W - 8, y);
  }
}

let rafId = 0;
function frame(): void {
  rafId = 0;
  if (bookDirty) drawBook();
  if (tradesDirty) drawTrades();
  bookDirty = tradesDirty = false;
  stats.renders++;
}

connect(book, (kind) => {
  if (kind === 'book') bookDirty = true;
  else tradesDirty = true;
  if (rafId === 0) rafId = requestAnimationFrame(frame);
});
