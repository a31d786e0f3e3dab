// Issue 36 item 3: the desktop page as panels. A workspace says which panel sits in which of the
// page's grid places (a move swaps two panels' places), which panels are hidden, and the orders
// area's height, and how many charts share the chart area (each extra one with its own pair and
// interval). Pure: the state module keeps it, the server and local storage hold it as JSON.
import { isChartInterval, type ChartInterval } from './chart/intervals.ts';

/** The page's movable panels, in the grid places' reading order (styles.css grid-template-areas). */
export const PANELS = ['chart', 'book', 'forms', 'orders', 'right'] as const;
export type PanelId = (typeof PANELS)[number];

/**
 * The panels that can go to a window of their own: every one (the book with the tape, the chart
 * with its depth view, the order form, the order lists, the right column's assets and market list).
 */
export const POPOUT_PANELS = PANELS;
export type PopoutPanel = (typeof POPOUT_PANELS)[number];

export interface Workspace {
  /** For each panel, the grid place (named after the panel that has it by default) it sits in. */
  places: Record<PanelId, PanelId>;
  hidden: PanelId[];
  /** The orders area's height in CSS pixels, or null for the page's default. */
  ordersHeight: number | null;
  /** Is the price ladder shown beside the book (issue 35 item 2)? */
  ladder: boolean;
  /** The book's column width in CSS pixels as the person dragged it, or null for the page's default. */
  bookWidth: number | null;
  /** The chart area: one chart, or two or four side by side; `extra` the charts after the page's own (count − 1 of them). */
  charts: ChartGrid;
}

export const CHART_COUNTS = [1, 2, 4] as const;
export type ChartCount = (typeof CHART_COUNTS)[number];

/** An extra chart: its pair (the exchange's symbol id) and interval. */
export interface ChartPick {
  symbol: string;
  interval: ChartInterval;
}

export interface ChartGrid {
  count: ChartCount;
  extra: ChartPick[];
}

export const ONE_CHART: ChartGrid = { count: 1, extra: [] };
/** What a new extra chart shows until the person picks: the page's pair at these intervals. */
export const EXTRA_INTERVALS: readonly ChartInterval[] = ['60', '240', '1D'];

const SYMBOL_RE = /^[A-Z0-9]{2,30}$/;

/** The chart area with `count` charts: extra charts kept as they were, new ones on `symbol` at EXTRA_INTERVALS. */
export function withChartCount(grid: ChartGrid, count: ChartCount, symbol: string): ChartGrid {
  const extra = Array.from({ length: count - 1 }, (_, i) => grid.extra[i] ?? { symbol, interval: EXTRA_INTERVALS[i] ?? '60' });
  return { count, extra };
}

/** The extra chart `index` set to a pair and interval. */
export function withChartPick(grid: ChartGrid, index: number, pick: ChartPick): ChartGrid {
  if (index < 0 || index >= grid.extra.length) return grid;
  return { ...grid, extra: grid.extra.map((p, i) => (i === index ? pick : p)) };
}

/** A stored chart grid, or null when it is not one (absent in layouts saved before it: one chart). */
export function parseChartGrid(v: unknown): ChartGrid | null {
  if (v === undefined) return ONE_CHART;
  if (!isObj(v) || !Array.isArray(v.extra) || !(CHART_COUNTS as readonly unknown[]).includes(v.count)) return null;
  const count = v.count as ChartCount;
  if (v.extra.length !== count - 1) return null;
  const extra: ChartPick[] = [];
  for (const p of v.extra) {
    if (!isObj(p) || typeof p.symbol !== 'string' || !SYMBOL_RE.test(p.symbol) || !isChartInterval(p.interval)) return null;
    extra.push({ symbol: p.symbol, interval: p.interval });
  }
  return { count, extra };
}

export interface NamedWorkspace {
  name: string;
  workspace: Workspace;
}

export const MAX_NAMED = 20;
export const MAX_NAME_LENGTH = 40;

export const DEFAULT_WORKSPACE: Workspace = {
  places: { chart: 'chart', book: 'book', forms: 'forms', orders: 'orders', right: 'right' },
  hidden: [],
  ordersHeight: null,
  ladder: false,
  bookWidth: null,
  charts: ONE_CHART,
};

/** The book column's least and most width (the least from 2037 px, where the tape sits beside the book, is twice as much). */
export const BOOK_MIN_WIDTH = 240;
export const BOOK_MAX_WIDTH = 1000;

const isPanel = (v: unknown): v is PanelId => typeof v === 'string' && (PANELS as readonly string[]).includes(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The panel now in the given place. */
export function panelAt(ws: Workspace, place: PanelId): PanelId {
  return PANELS.find((p) => ws.places[p] === place) ?? place;
}

/** Moves a panel one place earlier (-1) or later (+1) in reading order, swapping with the panel there. */
export function movePanel(ws: Workspace, panel: PanelId, step: -1 | 1): Workspace {
  const from = PANELS.indexOf(ws.places[panel]);
  const to = from + step;
  const target = PANELS[to];
  const source = PANELS[from];
  if (target === undefined || source === undefined) return ws;
  const other = panelAt(ws, target);
  return { ...ws, places: { ...ws.places, [panel]: target, [other]: source } };
}

export function setHidden(ws: Workspace, panel: PanelId, hidden: boolean): Workspace {
  const rest = ws.hidden.filter((p) => p !== panel);
  return { ...ws, hidden: hidden ? [...rest, panel] : rest };
}

export function resizeOrders(ws: Workspace, px: number | null): Workspace {
  return { ...ws, ordersHeight: px === null ? null : Math.max(140, Math.min(4000, Math.round(px))) };
}

/** Can a panel move that way (false at either end of the order)? */
export function canMove(ws: Workspace, panel: PanelId, step: -1 | 1): boolean {
  const to = PANELS.indexOf(ws.places[panel]) + step;
  return to >= 0 && to < PANELS.length;
}

/** A stored workspace as the page can use it, or null when it is not one (any field wrong: nothing taken). */
export function parseWorkspace(v: unknown): Workspace | null {
  if (!isObj(v) || !isObj(v.places) || !Array.isArray(v.hidden)) return null;
  const places = {} as Record<PanelId, PanelId>;
  for (const p of PANELS) {
    const at = v.places[p];
    if (!isPanel(at)) return null;
    places[p] = at;
  }
  if (new Set(Object.values(places)).size !== PANELS.length) return null;
  if (v.hidden.length > PANELS.length || !v.hidden.every(isPanel)) return null;
  const h = v.ordersHeight;
  if (h !== null && !(typeof h === 'number' && Number.isFinite(h) && h >= 140 && h <= 4000)) return null;
  if (typeof v.ladder !== 'boolean') return null;
  const charts = parseChartGrid(v.charts);
  if (!charts) return null;
  // Absent in layouts saved before it was kept: the default width.
  const w = v.bookWidth ?? null;
  if (w !== null && !(typeof w === 'number' && Number.isFinite(w) && w >= BOOK_MIN_WIDTH && w <= BOOK_MAX_WIDTH)) return null;
  return { places, hidden: [...new Set(v.hidden)], ordersHeight: h, ladder: v.ladder, bookWidth: w === null ? null : Math.round(w), charts };
}

/** A stored list of named workspaces, or null when it is not one. */
export function parseNamed(v: unknown): NamedWorkspace[] | null {
  if (!Array.isArray(v) || v.length > MAX_NAMED) return null;
  const out: NamedWorkspace[] = [];
  for (const item of v) {
    if (!isObj(item) || typeof item.name !== 'string') return null;
    const name = item.name.trim();
    if (!name || name.length > MAX_NAME_LENGTH) return null;
    const ws = parseWorkspace(item.workspace);
    if (!ws) return null;
    out.push({ name, workspace: ws });
  }
  return out;
}

/** Saves (or replaces, by name) a named workspace; the list stays within MAX_NAMED. */
export function saveNamed(list: NamedWorkspace[], name: string, ws: Workspace): NamedWorkspace[] | null {
  const n = name.trim();
  if (!n || n.length > MAX_NAME_LENGTH) return null;
  const rest = list.filter((x) => x.name !== n);
  if (rest.length >= MAX_NAMED) return null;
  return [...rest, { name: n, workspace: ws }];
}

export function deleteNamed(list: NamedWorkspace[], name: string): NamedWorkspace[] {
  return list.filter((x) => x.name !== name);
}

/** What is stored (locally and on the account). */
export interface WorkspaceStore {
  current: Workspace;
  named: NamedWorkspace[];
}

export function parseStore(v: unknown): WorkspaceStore | null {
  if (!isObj(v)) return null;
  const current = parseWorkspace(v.current);
  const named = parseNamed(v.named);
  return current && named ? { current, named } : null;
}
