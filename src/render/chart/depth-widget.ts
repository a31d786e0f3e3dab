import { Container, Graphics, type Renderer } from 'pixi.js';
import { linearTicks } from '../../core/chart/price-axis.ts';
import type { DepthData, DepthSide } from '../../core/depth-curve.ts';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { ensureChartFont } from './chart-font.ts';
import type { Theme } from '../theme.ts';
import { LabelPool } from './label-pool.ts';
import { canvasContextOf } from '../text-row.ts';

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

const AXIS_H = 22;
const AXIS_W = 64;
/** Levels per side drawn: the engine sends up to 1000, but far levels flatten the picture. */
const MAX_LEVELS = 400;

/**
 * The depth chart (spec 2.4): cumulative bid and ask areas meeting at the mid price, price on
 * the x axis, cumulative amount on the y axis, and a marker at the hovered point.
 */
export class DepthWidget implements HostedWidget {
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private readonly g = new Graphics();
  private readonly marker = new Graphics();
  private readonly labels = new LabelPool(() => this.renderer);
  private hover: DepthHit | null = null;
  private map: { lo: number; hi: number; maxAmt: number; plotW: number; plotH: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private width: number,
    private height: number,
    private readonly read: () => DepthInput,
  ) {
    this.stage.addChild(this.g, this.marker, this.labels.container);
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: this.height, background: this.read().theme.background };
  }

  attach(renderer: Renderer): void {
    // Only BitmapText labels use the font: on the Canvas renderer labels are written with fillText.
    if (!canvasContextOf(renderer)) ensureChartFont(renderer.resolution);
    this.renderer = renderer;
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  resize(w: number, h: number): void {
    this.width = Math.max(160, Math.floor(w));
    this.height = Math.max(120, Math.floor(h));
    this.renderer?.resize(this.width, this.height);
    this.invalidate();
  }

  /** The nearest curve point to x on the side x falls on (null outside the data). */
  hitTest(x: number): DepthHit | null {
    const d = this.read().data;
    const m = this.map;
    if (!d || !m || x < 0 || x > m.plotW) return null;
    const price = m.lo + (x / m.plotW) * (m.hi - m.lo);
    const mid = ((d.bids.price[0] ?? price) + (d.asks.price[0] ?? price)) / 2;
    const s: DepthSide = price <= mid ? d.bids : d.asks;
    const n = Math.min(s.price.length, MAX_LEVELS);
    if (n === 0) return null;
    let best = 0;
    for (let i = 1; i < n; i++) if (Math.abs(s.price[i]! - price) < Math.abs(s.price[best]! - price)) best = i;
    return { side: s === d.bids ? 'buy' : 'sell', index: best, x: this.px(s.price[best]!), y: this.py(s.amount[best]!) };
  }

  setHover(h: DepthHit | null): void {
    this.hover = h;
    this.invalidate();
  }

  private px(price: number): number {
    const m = this.map!;
    return ((price - m.lo) / (m.hi - m.lo)) * m.plotW;
  }

  private py(amount: number): number {
    const m = this.map!;
    return m.plotH - (amount / m.maxAmt) * (m.plotH - 10);
  }

  draw(): void {
    const renderer = this.renderer;
    if (!renderer) return;
    const { data: d, theme, up, down } = this.read();
    const g = this.g.clear();
    const mk = this.marker.clear();
    this.labels.begin();
    const plotW = this.width - AXIS_W;
    const plotH = this.height - AXIS_H;
    g.rect(0, 0, this.width, this.height).fill(theme.background);
    const nb = d ? Math.min(d.bids.price.length, MAX_LEVELS) : 0;
    const na = d ? Math.min(d.asks.price.length, MAX_LEVELS) : 0;
    if (d && nb + na > 0) {
      const bestBid = nb ? d.bids.price[0]! : d.asks.price[0]!;
      const bestAsk = na ? d.asks.price[0]! : bestBid;
      const mid = (bestBid + bestAsk) / 2;
      // Symmetric around the mid price, so neither side looks deeper only by its spread.
      const half = Math.max(nb ? mid - d.bids.price[nb - 1]! : 0, na ? d.asks.price[na - 1]! - mid : 0) || mid * 0.01;
      const maxAmt = Math.max(nb ? d.bids.amount[nb - 1]! : 0, na ? d.asks.amount[na - 1]! : 0) * 1.05 || 1;
      this.map = { lo: mid - half, hi: mid + half, maxAmt, plotW, plotH };
      this.area(g, d.bids, nb, up, true);
      this.area(g, d.asks, na, down, false);
      for (const v of linearTicks(mid - half, mid + half, Math.max(2, Math.floor(plotW / 110)))) {
        const x = this.px(v);
        if (x > 20 && x < plotW - 20) this.labels.add(v.toFixed(Math.max(0, d.tick.decimals)), x, plotH + AXIS_H / 2, 0.5, 0.5, theme.muted);
      }
      for (const v of linearTicks(0, maxAmt, Math.max(2, Math.floor(plotH / 50)))) {
        const y = this.py(v);
        if (y > 10 && y < plotH - 6) this.labels.add(v.toFixed(v >= 100 ? 0 : 2), plotW + 6, y, 0, 0.5, theme.muted);
      }
      const h = this.hover;
      if (h) {
        const s = h.side === 'buy' ? d.bids : d.asks;
        if (h.index < s.price.length) {
          const x = this.px(s.price[h.index]!);
          const y = this.py(s.amount[h.index]!);
          mk.moveTo(x, 0).lineTo(x, plotH).stroke({ width: 1, color: theme.muted, alpha: 0.7 });
          mk.circle(x, y, 4).fill(h.side === 'buy' ? up : down);
        }
      }
    } else {
      this.map = null;
    }
    g.moveTo(0, plotH + 0.5).lineTo(this.width, plotH + 0.5).moveTo(plotW + 0.5, 0).lineTo(plotW + 0.5, plotH).stroke({ width: 1, color: theme.line });
    this.labels.end();
    renderer.render({ container: this.stage });
  }

  /** A stepped area from the best price outwards. */
  private area(g: Graphics, s: DepthSide, n: number, color: number, bid: boolean): void {
    if (n === 0) return;
    const m = this.map!;
    const pts: number[] = [this.px(s.price[0]!), m.plotH];
    let prevY = m.plotH;
    for (let i = 0; i < n; i++) {
      const x = this.px(s.price[i]!);
      const y = this.py(s.amount[i]!);
      pts.push(x, prevY, x, y);
      prevY = y;
    }
    const edge = bid ? 0 : m.plotW;
    pts.push(edge, prevY, edge, m.plotH);
    g.poly(pts, true).fill({ color, alpha: 0.25 });
    g.poly(pts.slice(2, -2), false).stroke({ width: 1.5, color });
  }

  destroy(): void {
    scheduler.forget(this);
    this.labels.destroy();
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
