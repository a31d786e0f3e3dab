// Issue 36 item 1: the user's drawings on the chart as plain data. A drawing is anchored in
// (time, price): time in ms (a bar's start, or past the last bar on the same spacing), price in
// the chart's own units (a position on the scale, like the candles' plotted values — no money is
// computed from it). Geometry, hit testing, the magnet and the undo stack live here, apart from
// the renderer and the page (unit-tested).

export const DRAWING_KINDS = ['trend', 'ray', 'hline', 'hray', 'vline', 'rect', 'channel', 'fib', 'priceRange', 'dateRange', 'text'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

export interface Anchor {
  /** ms since the epoch. */
  t: number;
  p: number;
}

export interface Drawing {
  id: string;
  kind: DrawingKind;
  points: Anchor[];
  /** #rrggbb */
  color: string;
  /** Line width in px, 1–4. */
  width: number;
  locked: boolean;
  hidden: boolean;
  /** The text of a note. */
  text?: string;
}

/** How many clicks place each kind. */
export const POINTS: Record<DrawingKind, number> = { trend: 2, ray: 2, hline: 1, hray: 1, vline: 1, rect: 2, channel: 3, fib: 2, priceRange: 2, dateRange: 2, text: 1 };
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;
export const DRAWING_COLORS = ['#2962ff', '#f0a33d', '#26a69a', '#ef5350', '#ab47bc', '#e0e3eb'] as const;
export const MAX_DRAWINGS_PER_SYMBOL = 200;
export const MAX_NOTE_CHARS = 280;
/** Pixels within which a pointer hits a line or a handle. */
export const HIT_PX = 6;
/** Pixels within which the magnet pulls a point to the bar's open, high, low or close. */
export const MAGNET_PX = 30;

const COLOR_RE = /^#[0-9a-f]{6}$/i;
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;

/** A stored drawing checked field by field; null when it is not one. */
export function sanitizeDrawing(v: unknown): Drawing | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'string' || !ID_RE.test(o.id)) return null;
  if (typeof o.kind !== 'string' || !(DRAWING_KINDS as readonly string[]).includes(o.kind)) return null;
  const kind = o.kind as DrawingKind;
  if (!Array.isArray(o.points) || o.points.length !== POINTS[kind]) return null;
  const points: Anchor[] = [];
  for (const a of o.points) {
    if (typeof a !== 'object' || a === null) return null;
    const { t, p } = a as Record<string, unknown>;
    if (typeof t !== 'number' || !Number.isFinite(t) || typeof p !== 'number' || !Number.isFinite(p)) return null;
    points.push({ t, p });
  }
  if (typeof o.color !== 'string' || !COLOR_RE.test(o.color)) return null;
  if (typeof o.width !== 'number' || !Number.isInteger(o.width) || o.width < 1 || o.width > 4) return null;
  const d: Drawing = { id: o.id, kind, points, color: o.color, width: o.width, locked: o.locked === true, hidden: o.hidden === true };
  if (kind === 'text') {
    if (typeof o.text !== 'string' || o.text.length > MAX_NOTE_CHARS) return null;
    d.text = o.text;
  }
  return d;
}

export type DrawingMap = Record<string, Drawing[]>;

/** Stored drawings per symbol; `bad` counts what could not be read (the caller keeps the raw text). */
export function sanitizeDrawingMap(v: unknown): { map: DrawingMap; bad: number } {
  const map: DrawingMap = {};
  let bad = 0;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { map, bad: v === undefined || v === null ? 0 : 1 };
  for (const [symbol, list] of Object.entries(v as Record<string, unknown>)) {
    if (!/^[A-Z0-9]{2,30}$/.test(symbol) || !Array.isArray(list)) {
      bad++;
      continue;
    }
    const out: Drawing[] = [];
    for (const item of list.slice(0, MAX_DRAWINGS_PER_SYMBOL)) {
      const d = sanitizeDrawing(item);
      if (d) out.push(d);
      else bad++;
    }
    bad += Math.max(0, list.length - MAX_DRAWINGS_PER_SYMBOL);
    if (out.length > 0) map[symbol] = out;
  }
  return { map, bad };
}

// ---- time ↔ bar index ----

/** Fractional bar index of time t: between bars by their times, before the first and past the last on the series' spacing. */
export function indexOfTime(times: ArrayLike<number>, length: number, t: number): number {
  if (length === 0) return 0;
  const step = length > 1 ? times[length - 1]! - times[length - 2]! : 60_000;
  if (t >= times[length - 1]!) return length - 1 + (t - times[length - 1]!) / (step || 1);
  const first = length > 1 ? times[1]! - times[0]! : step;
  if (t <= times[0]!) return (t - times[0]!) / (first || 1);
  let lo = 0;
  let hi = length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid;
  }
  const span = times[hi]! - times[lo]!;
  return lo + (span > 0 ? (t - times[lo]!) / span : 0);
}

/** Time at a fractional bar index (inverse of indexOfTime). */
export function timeOfIndex(times: ArrayLike<number>, length: number, i: number): number {
  if (length === 0) return 0;
  const step = length > 1 ? times[length - 1]! - times[length - 2]! : 60_000;
  if (i >= length - 1) return times[length - 1]! + (i - (length - 1)) * step;
  const first = length > 1 ? times[1]! - times[0]! : step;
  if (i <= 0) return times[0]! + i * first;
  const lo = Math.floor(i);
  return times[lo]! + (i - lo) * (times[lo + 1]! - times[lo]!);
}

// ---- screen geometry ----

export interface Pt {
  x: number;
  y: number;
}

/** What maps anchors to the screen and back (the chart's scales). */
export interface Projection {
  toScreen(a: Anchor): Pt;
  fromScreen(p: Pt): Anchor;
  /** The plot's size: rays and infinite lines end at its edges. */
  width: number;
  height: number;
}

export interface Seg {
  a: Pt;
  b: Pt;
  /** A dashed guide (a channel's middle, a measure's arrows). */
  dashed?: boolean;
}

export interface Shape {
  segs: Seg[];
  /** Filled areas (rectangles, measures, channels): corners, drawn faint. */
  fills: Pt[][];
  /** Texts at points (fib level labels, measures, notes). */
  labels: Array<{ at: Pt; text: string; align: 'left' | 'center' }>;
  /** The grab points (one per anchor, plus derived ones). */
  handles: Pt[];
}

/** Extends a→b past b to the edge of a w×h box (a ray). */
function toEdge(a: Pt, b: Pt, w: number, h: number): Pt {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return b;
  let t = Infinity;
  if (dx > 0) t = Math.min(t, (w - a.x) / dx);
  if (dx < 0) t = Math.min(t, -a.x / dx);
  if (dy > 0) t = Math.min(t, (h - a.y) / dy);
  if (dy < 0) t = Math.min(t, -a.y / dy);
  if (!Number.isFinite(t) || t < 1) t = 1;
  return { x: a.x + dx * t, y: a.y + dy * t };
}

/** Formats a price level for labels (the caller's precision). */
export type PriceText = (p: number) => string;

/** The screen shape of a drawing. */
export function shapeOf(d: Drawing, proj: Projection, priceText: PriceText): Shape {
  const pts = d.points.map((a) => proj.toScreen(a));
  const { width: w, height: h } = proj;
  const s: Shape = { segs: [], fills: [], labels: [], handles: pts };
  const [p0, p1, p2] = pts;
  switch (d.kind) {
    case 'trend':
      s.segs.push({ a: p0!, b: p1! });
      break;
    case 'ray':
      s.segs.push({ a: p0!, b: toEdge(p0!, p1!, w, h) });
      break;
    case 'hline':
      s.segs.push({ a: { x: 0, y: p0!.y }, b: { x: w, y: p0!.y } });
      s.labels.push({ at: { x: w - 4, y: p0!.y - 8 }, text: priceText(d.points[0]!.p), align: 'left' });
      break;
    case 'hray':
      s.segs.push({ a: p0!, b: { x: Math.max(w, p0!.x), y: p0!.y } });
      break;
    case 'vline':
      s.segs.push({ a: { x: p0!.x, y: 0 }, b: { x: p0!.x, y: h } });
      break;
    case 'rect': {
      const c = [p0!, { x: p1!.x, y: p0!.y }, p1!, { x: p0!.x, y: p1!.y }];
      for (let i = 0; i < 4; i++) s.segs.push({ a: c[i]!, b: c[(i + 1) % 4]! });
      s.fills.push(c);
      s.handles = [p0!, c[1]!, p1!, c[3]!];
      break;
    }
    case 'channel': {
      // p0→p1 the base line; p2 sets the parallel line's offset (its price at p0's time).
      const dy = p2!.y - p0!.y;
      const q0 = { x: p0!.x, y: p0!.y + dy };
      const q1 = { x: p1!.x, y: p1!.y + dy };
      s.segs.push({ a: p0!, b: p1! }, { a: q0, b: q1 }, { a: { x: p0!.x, y: p0!.y + dy / 2 }, b: { x: p1!.x, y: p1!.y + dy / 2 }, dashed: true });
      s.fills.push([p0!, p1!, q1, q0]);
      s.handles = [p0!, p1!, q0];
      break;
    }
    case 'fib': {
      const x0 = Math.min(p0!.x, p1!.x);
      const x1 = Math.max(p0!.x, p1!.x, x0 + 1);
      for (const lv of fibLevels(d)) {
        const y = proj.toScreen({ t: d.points[0]!.t, p: lv.price }).y;
        s.segs.push({ a: { x: x0, y }, b: { x: x1, y } });
        s.labels.push({ at: { x: x0 + 2, y: y - 8 }, text: `${(lv.ratio * 100).toFixed(1)}% ${priceText(lv.price)}`, align: 'left' });
      }
      s.segs.push({ a: p0!, b: p1!, dashed: true });
      break;
    }
    case 'priceRange':
    case 'dateRange': {
      const c = [p0!, { x: p1!.x, y: p0!.y }, p1!, { x: p0!.x, y: p1!.y }];
      s.fills.push(c);
      const mid = { x: (p0!.x + p1!.x) / 2, y: (p0!.y + p1!.y) / 2 };
      if (d.kind === 'priceRange') s.segs.push({ a: { x: mid.x, y: p0!.y }, b: { x: mid.x, y: p1!.y } });
      else s.segs.push({ a: { x: p0!.x, y: mid.y }, b: { x: p1!.x, y: mid.y } });
      s.labels.push({ at: { x: mid.x, y: Math.min(p0!.y, p1!.y) - 16 }, text: '', align: 'center' });
      break;
    }
    case 'text':
      s.labels.push({ at: { x: p0!.x + 4, y: p0!.y - 8 }, text: d.text ?? '', align: 'left' });
      break;
  }
  return s;
}

/** A fib's levels: ratio 0 at the second point, 1 at the first (a retracement of the move p0→p1). */
export function fibLevels(d: Drawing): Array<{ ratio: number; price: number }> {
  const a = d.points[0]!.p;
  const b = d.points[1]!.p;
  return FIB_LEVELS.map((ratio) => ({ ratio, price: b + (a - b) * ratio }));
}

/** A price range's change (absolute and relative to the first point). */
export function priceRangeOf(d: Drawing): { change: number; percent: number } {
  const a = d.points[0]!.p;
  const b = d.points[1]!.p;
  return { change: b - a, percent: a !== 0 ? ((b - a) / a) * 100 : 0 };
}

/** A date range's span in bars and ms. */
export function dateRangeOf(d: Drawing, times: ArrayLike<number>, length: number): { bars: number; ms: number } {
  const i0 = indexOfTime(times, length, d.points[0]!.t);
  const i1 = indexOfTime(times, length, d.points[1]!.t);
  return { bars: Math.round(i1 - i0), ms: d.points[1]!.t - d.points[0]!.t };
}

/** Distance from p to segment a–b. */
export function distToSeg(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function inPoly(p: Pt, poly: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export type Hit = { id: string; handle: number } | null;

/** The topmost visible drawing under p: a handle of the selected one first, then lines, areas and notes. */
export function hitTest(drawings: readonly Drawing[], proj: Projection, p: Pt, selectedId: string | null, priceText: PriceText = String): Hit {
  const sel = selectedId ? drawings.find((d) => d.id === selectedId && !d.hidden) : undefined;
  if (sel) {
    const hs = shapeOf(sel, proj, priceText).handles;
    for (let i = 0; i < hs.length; i++) if (Math.hypot(hs[i]!.x - p.x, hs[i]!.y - p.y) <= HIT_PX + 2) return { id: sel.id, handle: i };
  }
  for (let k = drawings.length - 1; k >= 0; k--) {
    const d = drawings[k]!;
    if (d.hidden) continue;
    const s = shapeOf(d, proj, priceText);
    if (s.segs.some((g) => distToSeg(p, g.a, g.b) <= HIT_PX + d.width / 2)) return { id: d.id, handle: -1 };
    if (s.fills.some((f) => inPoly(p, f))) return { id: d.id, handle: -1 };
    if (d.kind === 'text') {
      const a = s.handles[0]!;
      const w = Math.max(20, (d.text ?? '').length * 7);
      if (p.x >= a.x - HIT_PX && p.x <= a.x + w && p.y >= a.y - 20 && p.y <= a.y + HIT_PX) return { id: d.id, handle: -1 };
    }
  }
  return null;
}

/** Moves a whole drawing by a screen delta (from where the drag began: `from` is the drawing then). */
export function moved(from: Drawing, proj: Projection, dx: number, dy: number): Drawing {
  return { ...from, points: from.points.map((a) => { const s = proj.toScreen(a); return proj.fromScreen({ x: s.x + dx, y: s.y + dy }); }) };
}

/** Moves one handle to an anchor (rectangle corners 1 and 3 move one coordinate of each point). */
export function resized(from: Drawing, handle: number, to: Anchor): Drawing {
  const pts = from.points.map((a) => ({ ...a }));
  if (from.kind === 'rect' && (handle === 1 || handle === 3)) {
    // Corner 1 is (p1.t, p0.p); corner 3 is (p0.t, p1.p).
    if (handle === 1) (pts[1]!.t = to.t), (pts[0]!.p = to.p);
    else (pts[0]!.t = to.t), (pts[1]!.p = to.p);
  } else if (from.kind === 'channel' && handle === 2) {
    // The parallel line's handle at p0's time: its price sets the offset.
    pts[2] = { t: from.points[0]!.t, p: to.p };
  } else if (pts[handle]) pts[handle] = to;
  return { ...from, points: pts };
}

/**
 * The magnet: the nearest of the bar's open, high, low and close to y, when within MAGNET_PX;
 * else the anchor as it is. `bar` gives the OHLC of the bar nearest the point's time.
 */
export function magnetize(a: Anchor, ohlc: readonly number[] | null, y: (p: number) => number, atY: number): Anchor {
  if (!ohlc) return a;
  let best = a.p;
  let dist = MAGNET_PX;
  for (const v of ohlc) {
    const d = Math.abs(y(v) - atY);
    if (d < dist) (dist = d), (best = v);
  }
  return { t: a.t, p: best };
}

// ---- undo / redo ----

/** Snapshots of one symbol's drawings, newest last; undo walks back, a new change drops the redo side. */
export class UndoStack<T> {
  private past: T[] = [];
  private future: T[] = [];
  constructor(private readonly limit = 100) {}

  /** Records the state before a change. */
  push(before: T): void {
    this.past.push(before);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  undo(current: T): T | null {
    const prev = this.past.pop();
    if (prev === undefined) return null;
    this.future.push(current);
    return prev;
  }

  redo(current: T): T | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(current);
    return next;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }
}

let seq = 0;
/** A new drawing id (unique enough within an account's layout). */
export function newDrawingId(now = Date.now()): string {
  seq = (seq + 1) % 1_000_000;
  return `d${now.toString(36)}${seq.toString(36)}`;
}
