// Issue 36 item 1: the user's drawings painted on the chart's overlay layer (crosshair-layer.ts:
// its own canvas and renderer, so neither a pointer move nor a drawing edit redraws candles).
// Shapes come from core/chart/drawings.ts; this clips them to the main pane and strokes them.
// Texts with words (notes, measures) are DOM labels (translated); the digits-only level labels
// of fib and horizontal lines go to the layer's label pool.
import type { Graphics } from 'pixi.js';
import { indexOfTime, shapeOf, timeOfIndex, type Drawing, type Projection, type Pt } from '../../core/chart/drawings.ts';
import type { ChartGeometry } from './chart-types.ts';
import type { LabelPool } from './label-pool.ts';

export interface DrawingsFrame {
  list: readonly Drawing[];
  selected: string | null;
}

/** The anchors ↔ screen mapping of the main pane as last drawn. */
export function projectionOf(geo: ChartGeometry): Projection {
  const { ts, main, times, length, percent, base } = geo;
  return {
    toScreen: (a) => ({ x: ts.x(indexOfTime(times, length, a.t)), y: main.y(percent ? (a.p / base - 1) * 100 : a.p) }),
    fromScreen: (p) => {
      const v = main.valueAt(p.y);
      // Anchored at a bar (as charting tools do): past the last bar, at the bars that would come.
      return { t: Math.round(timeOfIndex(times, length, Math.round(ts.indexAt(p.x)))), p: percent ? base * (1 + v / 100) : v };
    },
    width: geo.plotW,
    height: main.top + main.height,
  };
}

/** Clips segment a–b to [0,w]×[0,h] (Liang–Barsky); null when outside. */
export function clipSeg(a: Pt, b: Pt, w: number, h: number): [Pt, Pt] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: Array<[number, number]> = [[-dx, a.x], [dx, w - a.x], [-dy, a.y], [dy, h - a.y]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [{ x: a.x + t0 * dx, y: a.y + t0 * dy }, { x: a.x + t1 * dx, y: a.y + t1 * dy }];
}

/** Clips a convex polygon to the box (Sutherland–Hodgman). */
function clipPoly(poly: Pt[], w: number, h: number): Pt[] {
  const planes: Array<(p: Pt) => number> = [(p) => p.x, (p) => w - p.x, (p) => p.y, (p) => h - p.y];
  let out = poly;
  for (const f of planes) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      const fc = f(cur);
      const fp = f(prev);
      if (fc >= 0) {
        if (fp < 0) out.push(lerp(prev, cur, fp / (fp - fc)));
        out.push(cur);
      } else if (fp >= 0) out.push(lerp(prev, cur, fp / (fp - fc)));
    }
    if (out.length === 0) return out;
  }
  return out;
}

const lerp = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const colorOf = (hex: string): number => Number.parseInt(hex.slice(1), 16);
const DASH = 6;
const GAP = 4;

/** Strokes the drawings into `g` and their level labels into `labels` (begun and ended by the caller). */
export function drawDrawings(g: Graphics, labels: LabelPool, frame: DrawingsFrame, geo: ChartGeometry): void {
  const proj = projectionOf(geo);
  const w = geo.plotW;
  const h = geo.main.top + geo.main.height;
  const priceText = (p: number) => p.toFixed(geo.precision);
  for (const d of frame.list) {
    const s = shapeOf(d, proj, priceText);
    const color = colorOf(d.color);
    for (const f of s.fills) {
      const c = clipPoly(f, w, h);
      if (c.length >= 3) g.poly(c.flatMap((p) => [p.x, p.y])).fill({ color, alpha: 0.12 });
    }
    let any = false;
    for (const seg of s.segs) {
      const c = clipSeg(seg.a, seg.b, w, h);
      if (!c) continue;
      const [a, b] = c;
      if (seg.dashed) {
        const len = Math.hypot(b.x - a.x, b.y - a.y);
        for (let l = 0; l < len; l += DASH + GAP) {
          const p = lerp(a, b, l / len);
          const q = lerp(a, b, Math.min(len, l + DASH) / len);
          g.moveTo(p.x, p.y).lineTo(q.x, q.y);
        }
      } else g.moveTo(a.x, a.y).lineTo(b.x, b.y);
      any = true;
    }
    if (any) g.stroke({ width: d.width, color, alpha: d.id === 'draft' ? 0.6 : 1 });
    if (d.kind === 'fib' || d.kind === 'hline')
      for (const l of s.labels) if (l.at.y >= 0 && l.at.y <= h && l.at.x <= w) labels.add(l.text, Math.min(l.at.x, w - 4), l.at.y, d.kind === 'hline' ? 1 : 0, 0.5, color);
    if (d.kind === 'text') {
      // The note's mark: its text is a DOM label beside it.
      const a = s.handles[0]!;
      if (a.x >= 0 && a.x <= w && a.y >= 0 && a.y <= h) g.circle(a.x, a.y, 3).fill(color);
    }
    if (d.id === frame.selected) {
      for (const p of s.handles) if (p.x >= -4 && p.x <= w + 4 && p.y >= -4 && p.y <= h + 4) g.circle(p.x, p.y, 4.5);
      g.fill(geo.colors.background).stroke({ width: 1.5, color });
    }
  }
}
