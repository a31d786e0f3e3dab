// The depth chart's view (spec 2.4): what it shows as plain data (the two stepped areas, the
// price axis under the plot, the cumulative-amount axis beside it, the mid-price marker and the
// hovered point) and whether it changed. No PixiJS: the painters (canvas-painter.ts for PixiJS's
// Canvas renderer, gpu-painter.ts for WebGL/WebGPU) draw what it says. Arrays and labels are
// reused from update to update.
import { axisStepDecimals, linearTicks } from '../../core/chart/price-axis.ts';
import { depthMid, type DepthData, type DepthSide } from '../../core/depth-curve.ts';
import type { Theme } from '../theme.ts';

export interface DepthInput {
  data: DepthData | null;
  theme: Theme;
  up: number;
  down: number;
}

export interface DepthHit {
  side: 'buy' | 'sell';
  index: number;
  x: number;
  y: number;
}

/** A label: its text, anchor point and alignment (0 start, 0.5 centre, 1 end). */
export interface DepthLabel {
  text: string;
  x: number;
  y: number;
  anchorX: 0 | 0.5 | 1;
}

/** Height of the price axis under the plot and width of the amount axis beside it. */
export const DEPTH_AXIS_H = 22;
export const DEPTH_AXIS_W = 64;
/** Width of one glyph of the 12 px digits font, and the padding of a box around a label. */
const GLYPH_W = 7.3;
const BOX_PAD = 6;
/** Levels per side drawn: the engine sends up to 1000, but far levels flatten the picture. */
const MAX_LEVELS = 400;
/** Room left above the deepest point. */
const TOP_ROOM = 10;

/** Width of a label box around `text`. */
export function depthBoxWidth(text: string): number {
  return Math.ceil(text.length * GLYPH_W) + 2 * BOX_PAD;
}

export class DepthView {
  width = 0;
  height = 0;
  plotW = 0;
  plotH = 0;
  /** Whether there is anything to draw (data on at least one side). */
  hasData = false;
  /** Price range across the plot and the amount at its top. */
  lo = 0;
  hi = 1;
  maxAmt = 1;
  /** Stepped outlines as flat x, y pairs: from the base under the best price out to the plot's edge and down to the base. */
  readonly bidArea: number[] = [];
  readonly askArea: number[] = [];
  /** Tick labels under the plot (prices) and beside it (cumulative amounts), with their tick positions. */
  readonly priceTicks: DepthLabel[] = [];
  readonly amountTicks: DepthLabel[] = [];
  /** The mid price: x of its marker and the exact text of its box on the price axis; null without both sides. */
  mid: { x: number; text: string } | null = null;
  /** The hovered point: x, y and side; null when none. */
  hover: { x: number; y: number; buy: boolean } | null = null;
  /** Bumped when anything but the hover changed (a painter keeping a scene rebuilds it then). */
  version = 0;
  private key: { data: DepthData | null; theme: Theme | null; up: number; down: number; width: number; height: number } = { data: null, theme: null, up: -1, down: -1, width: 0, height: 0 };
  private hit: DepthHit | null = null;
  private priceUsed = 0;
  private amountUsed = 0;

  /** Brings the view up to `input` at this size; true when it changed since the last update. */
  update(input: DepthInput, width: number, height: number): boolean {
    const k = this.key;
    const same = k.data === input.data && k.theme === input.theme && k.up === input.up && k.down === input.down && k.width === width && k.height === height;
    if (!same) {
      k.data = input.data;
      k.theme = input.theme;
      k.up = input.up;
      k.down = input.down;
      k.width = width;
      k.height = height;
      this.layout(input.data, width, height);
      this.version++;
    }
    const hoverChanged = this.placeHover(input.data);
    return !same || hoverChanged;
  }

  /** The nearest curve point to x on the side x falls on (null outside the data). */
  hitTest(d: DepthData | null, x: number): DepthHit | null {
    if (!d || !this.hasData || x < 0 || x > this.plotW) return null;
    const price = this.lo + (x / this.plotW) * (this.hi - this.lo);
    const mid = ((d.bids.price[0] ?? price) + (d.asks.price[0] ?? price)) / 2;
    const s: DepthSide = price <= mid ? d.bids : d.asks;
    const n = Math.min(s.price.length, MAX_LEVELS);
    if (n === 0) return null;
    let best = 0;
    for (let i = 1; i < n; i++) if (Math.abs(s.price[i]! - price) < Math.abs(s.price[best]! - price)) best = i;
    return { side: s === d.bids ? 'buy' : 'sell', index: best, x: this.px(s.price[best]!), y: this.py(s.amount[best]!) };
  }

  /** Sets the hovered point (from `hitTest`); the next update places its marker. */
  setHover(h: DepthHit | null): void {
    this.hit = h;
  }

  /** What it shows, as plain data (the page's tests read it through the debug hooks). */
  shown(): { priceTicks: DepthLabel[]; amountTicks: DepthLabel[]; mid: { x: number; text: string } | null; plotW: number; plotH: number } {
    return { priceTicks: this.priceTicks.slice(0, this.priceUsed), amountTicks: this.amountTicks.slice(0, this.amountUsed), mid: this.mid && { ...this.mid }, plotW: this.plotW, plotH: this.plotH };
  }

  /** Number of price and amount tick labels in use (the arrays keep spare ones). */
  get priceTickCount(): number {
    return this.priceUsed;
  }

  get amountTickCount(): number {
    return this.amountUsed;
  }

  px(price: number): number {
    return ((price - this.lo) / (this.hi - this.lo)) * this.plotW;
  }

  py(amount: number): number {
    return this.plotH - (amount / this.maxAmt) * (this.plotH - TOP_ROOM);
  }

  private layout(d: DepthData | null, width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.plotW = width - DEPTH_AXIS_W;
    this.plotH = height - DEPTH_AXIS_H;
    this.bidArea.length = 0;
    this.askArea.length = 0;
    this.priceUsed = 0;
    this.amountUsed = 0;
    this.mid = null;
    const nb = d ? Math.min(d.bids.price.length, MAX_LEVELS) : 0;
    const na = d ? Math.min(d.asks.price.length, MAX_LEVELS) : 0;
    this.hasData = !!d && nb + na > 0;
    if (!d || !this.hasData) return;
    const bestBid = nb ? d.bids.price[0]! : d.asks.price[0]!;
    const bestAsk = na ? d.asks.price[0]! : bestBid;
    const mid = (bestBid + bestAsk) / 2;
    // Symmetric around the mid price, so neither side looks deeper only by its spread.
    const half = Math.max(nb ? mid - d.bids.price[nb - 1]! : 0, na ? d.asks.price[na - 1]! - mid : 0) || mid * 0.01;
    this.lo = mid - half;
    this.hi = mid + half;
    this.maxAmt = Math.max(nb ? d.bids.amount[nb - 1]! : 0, na ? d.asks.amount[na - 1]! : 0) * 1.05 || 1;
    this.area(this.bidArea, d.bids, nb, 0);
    this.area(this.askArea, d.asks, na, this.plotW);
    const midText = depthMid(d);
    if (midText !== null) this.mid = { x: Math.round(this.px(mid)) + 0.5, text: midText };
    // Price ticks, except where the mid price's box stands (labels never print over each other).
    const priceTicks = linearTicks(this.lo, this.hi, Math.max(2, Math.floor(this.plotW / 110)));
    const priceDecimals = priceTicks.length > 1 ? axisStepDecimals(priceTicks[1]! - priceTicks[0]!, d.tick.decimals) : d.tick.decimals;
    const midHalf = this.mid ? depthBoxWidth(this.mid.text) / 2 : 0;
    for (const v of priceTicks) {
      const x = this.px(v);
      const text = v.toFixed(priceDecimals);
      if (x < 20 || x > this.plotW - 20) continue;
      if (this.mid && Math.abs(x - this.mid.x) < midHalf + depthBoxWidth(text) / 2) continue;
      this.label(this.priceTicks, this.priceUsed++, text, x, this.plotH + DEPTH_AXIS_H / 2, 0.5);
    }
    const amountTicks = linearTicks(0, this.maxAmt, Math.max(2, Math.floor(this.plotH / 50)));
    const amountDecimals = amountTicks.length > 1 ? axisStepDecimals(amountTicks[1]! - amountTicks[0]!, d.sizeDecimals) : 0;
    for (const v of amountTicks) {
      const y = this.py(v);
      if (y > TOP_ROOM && y < this.plotH - 6) this.label(this.amountTicks, this.amountUsed++, v.toFixed(amountDecimals), this.plotW + BOX_PAD, y, 0);
    }
  }

  private label(list: DepthLabel[], i: number, text: string, x: number, y: number, anchorX: 0 | 0.5 | 1): void {
    const l = list[i] ?? (list[i] = { text, x, y, anchorX });
    l.text = text;
    l.x = Math.round(x);
    l.y = Math.round(y);
    l.anchorX = anchorX;
  }

  /** A stepped outline from the best price outwards to `edge`, closed along the base. */
  private area(pts: number[], s: DepthSide, n: number, edge: number): void {
    if (n === 0) return;
    pts.push(this.px(s.price[0]!), this.plotH);
    let prevY = this.plotH;
    for (let i = 0; i < n; i++) {
      const x = this.px(s.price[i]!);
      const y = this.py(s.amount[i]!);
      pts.push(x, prevY, x, y);
      prevY = y;
    }
    pts.push(edge, prevY, edge, this.plotH);
  }

  /** Places the hover marker on its point as the data is now; true when it moved. */
  private placeHover(d: DepthData | null): boolean {
    const h = this.hit;
    const s = h && d && this.hasData ? (h.side === 'buy' ? d.bids : d.asks) : null;
    if (!h || !s || h.index >= s.price.length) {
      const changed = this.hover !== null;
      this.hover = null;
      return changed;
    }
    const x = this.px(s.price[h.index]!);
    const y = this.py(s.amount[h.index]!);
    const buy = h.side === 'buy';
    const cur = this.hover;
    if (cur && cur.x === x && cur.y === y && cur.buy === buy) return false;
    if (cur) {
      cur.x = x;
      cur.y = y;
      cur.buy = buy;
    } else this.hover = { x, y, buy };
    return true;
  }
}

/** The mid-price marker's box on the price axis, and the hover marker's radius. */
export const MID_BOX_COLOR = 0x363c45;
export const HOVER_RADIUS = 4;

/** Draws a DepthView with one PixiJS backend. */
export interface DepthPainter {
  paint(view: DepthView, input: DepthInput): void;
  destroy(): void;
}
