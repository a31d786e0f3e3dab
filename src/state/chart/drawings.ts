// Issue 36 item 1: the user's drawings, per pair, saved with the chart layout (spec 5.9: local
// storage always; on the exchange for a logged-in user through chart-layout.ts). The chart's
// pointer handling calls these actions; the renderer reads `shownDrawings` and `draftDrawing`.
import { DRAWING_COLORS, MAX_DRAWINGS_PER_SYMBOL, newDrawingId, sanitizeDrawingMap, UndoStack, type Anchor, type Drawing, type DrawingKind, type DrawingMap } from '../../core/chart/drawings.ts';
import { activeSymbol } from '../market/active-market.ts';
import { batch, computed, effect, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { pushToast } from '../toasts.ts';

const KEY = 'spot.chart.drawings';
/** Stored drawings this version could not read, kept as they were (nothing is lost). */
const UNREAD_KEY = 'spot.chart.drawings.unread';
const PREFS_KEY = 'spot.chart.drawingPrefs';
const isAny = (v: unknown): v is unknown => v !== undefined;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function loadStored(): DrawingMap {
  const raw = readStored(KEY, isAny);
  const { map, bad } = sanitizeDrawingMap(raw);
  if (bad > 0) keepUnread(raw, bad);
  return map;
}

/** Keeps what could not be read under its own key and says so. */
function keepUnread(raw: unknown, bad: number): void {
  writeStored(UNREAD_KEY, raw);
  // The toast after the page's first frame: the toast view may not be mounted yet.
  setTimeout(() => pushToast({ kind: 'error', key: 'chart.drawings.unreadable', params: { n: String(bad) } }), 0);
}

export const drawingMap = signal<DrawingMap>(loadStored());

interface DrawingPrefs {
  magnet: boolean;
  hideAll: boolean;
  color: string;
  width: number;
}
function sanitizePrefs(v: unknown): DrawingPrefs {
  const o = isObj(v) ? v : {};
  return {
    magnet: o.magnet === true,
    hideAll: o.hideAll === true,
    color: typeof o.color === 'string' && (DRAWING_COLORS as readonly string[]).includes(o.color) ? o.color : DRAWING_COLORS[0],
    width: typeof o.width === 'number' && [1, 2, 3, 4].includes(o.width) ? o.width : 2,
  };
}
export const drawingPrefs = signal<DrawingPrefs>(sanitizePrefs(readStored(PREFS_KEY, isObj)));

/** The tool being placed (null: the pointer selects, moves and pans). */
export const drawingTool = signal<DrawingKind | null>(null);
export const selectedDrawing = signal<string | null>(null);
/** The drawing being placed: its clicked points and the pointer's. */
export const draftDrawing = signal<Drawing | null>(null);

const symbolId = () => activeSymbol.peek()?.symbolId ?? '';

/** The active pair's drawings. */
export const pairDrawings = computed<readonly Drawing[]>(() => drawingMap.value[activeSymbol.value?.symbolId ?? ''] ?? []);
/** What the chart draws: none when all are hidden; the draft on top. */
export const shownDrawings = computed<readonly Drawing[]>(() => {
  const list = drawingPrefs.value.hideAll ? [] : pairDrawings.value.filter((d) => !d.hidden);
  const draft = draftDrawing.value;
  return draft ? [...list, draft] : list;
});

const stacks = new Map<string, UndoStack<Drawing[]>>();
function stackOf(symbol: string): UndoStack<Drawing[]> {
  let s = stacks.get(symbol);
  if (!s) stacks.set(symbol, (s = new UndoStack<Drawing[]>()));
  return s;
}
/** Bumped when an undo stack changes (the toolbar's undo/redo buttons read it). */
export const undoVersion = signal(0);

function setPair(list: Drawing[], record = true): void {
  const sym = symbolId();
  if (!sym) return;
  const before = drawingMap.peek()[sym] ?? [];
  if (record) stackOf(sym).push(before);
  const next = { ...drawingMap.peek() };
  if (list.length > 0) next[sym] = list;
  else delete next[sym];
  drawingMap.value = next;
  undoVersion.value++;
}

export function canUndo(): boolean {
  void undoVersion.value;
  return stackOf(activeSymbol.value?.symbolId ?? '').canUndo;
}
export function canRedo(): boolean {
  void undoVersion.value;
  return stackOf(activeSymbol.value?.symbolId ?? '').canRedo;
}

export function undoDrawing(): boolean {
  const sym = symbolId();
  const prev = stackOf(sym).undo([...(drawingMap.peek()[sym] ?? [])]);
  if (!prev) return false;
  batch(() => {
    setPair(prev, false);
    if (selectedDrawing.peek() && !prev.some((d) => d.id === selectedDrawing.peek())) selectedDrawing.value = null;
  });
  return true;
}

export function redoDrawing(): boolean {
  const sym = symbolId();
  const next = stackOf(sym).redo([...(drawingMap.peek()[sym] ?? [])]);
  if (!next) return false;
  batch(() => {
    setPair(next, false);
    if (selectedDrawing.peek() && !next.some((d) => d.id === selectedDrawing.peek())) selectedDrawing.value = null;
  });
  return true;
}

export function chooseTool(kind: DrawingKind | null): void {
  batch(() => {
    drawingTool.value = kind;
    draftDrawing.value = null;
    if (kind) selectedDrawing.value = null;
  });
}

/** A click while a tool is chosen: the next point; the drawing is added once it has them all. */
export function placePoint(a: Anchor, need: number): void {
  const kind = drawingTool.peek();
  if (!kind) return;
  const prefs = drawingPrefs.peek();
  const draft = draftDrawing.peek();
  // The draft's last point follows the pointer; a click fixes it and starts the next.
  const points = draft ? [...draft.points.slice(0, -1), a] : [a];
  if (points.length >= need) {
    if (pairDrawings.peek().length >= MAX_DRAWINGS_PER_SYMBOL) {
      pushToast({ kind: 'error', key: 'chart.drawings.tooMany', params: { n: String(MAX_DRAWINGS_PER_SYMBOL) } });
      chooseTool(null);
      return;
    }
    const d: Drawing = { id: newDrawingId(), kind, points: points.slice(0, need), color: prefs.color, width: prefs.width, locked: false, hidden: false };
    if (kind === 'text') d.text = '';
    batch(() => {
      setPair([...pairDrawings.peek(), d]);
      draftDrawing.value = null;
      drawingTool.value = null;
      selectedDrawing.value = d.id;
    });
    return;
  }
  draftDrawing.value = { id: 'draft', kind, points: [...points, a], color: prefs.color, width: prefs.width, locked: false, hidden: false };
}

/** The pointer moved while placing: the draft's last point follows it. */
export function moveDraft(a: Anchor): void {
  const draft = draftDrawing.peek();
  if (draft) draftDrawing.value = { ...draft, points: [...draft.points.slice(0, -1), a] };
}

/** Replaces one drawing; `record` false for the steps of a drag (its start was recorded by beginEdit). */
export function updateDrawing(id: string, patch: Partial<Drawing> | ((d: Drawing) => Drawing), record = true): void {
  const list = pairDrawings.peek();
  if (!list.some((d) => d.id === id)) return;
  setPair(list.map((d) => (d.id === id ? (typeof patch === 'function' ? patch(d) : { ...d, ...patch }) : d)), record);
}

/** A drag begins: one undo step for all of it. */
export function beginEdit(): void {
  const sym = symbolId();
  if (!sym) return;
  stackOf(sym).push([...(drawingMap.peek()[sym] ?? [])]);
  undoVersion.value++;
}

export function removeDrawing(id: string): void {
  const list = pairDrawings.peek();
  if (!list.some((d) => d.id === id)) return;
  batch(() => {
    setPair(list.filter((d) => d.id !== id));
    if (selectedDrawing.peek() === id) selectedDrawing.value = null;
  });
}

export function removeAllDrawings(): void {
  if (pairDrawings.peek().length === 0) return;
  batch(() => {
    setPair([]);
    selectedDrawing.value = null;
  });
}

export function selectDrawing(id: string | null): void {
  selectedDrawing.value = id;
}

export function setDrawingPrefs(p: Partial<DrawingPrefs>): void {
  drawingPrefs.value = { ...drawingPrefs.peek(), ...p };
  // A chosen colour or width applies to the selected drawing as well.
  const sel = selectedDrawing.peek();
  if (sel && (p.color !== undefined || p.width !== undefined)) updateDrawing(sel, { ...(p.color !== undefined ? { color: p.color } : {}), ...(p.width !== undefined ? { width: p.width } : {}) });
}

/** For the chart layout (chart-layout.ts): what is saved and what a synced layout brings. */
export function drawingLayoutData(): { map: DrawingMap; prefs: DrawingPrefs } {
  return { map: drawingMap.peek(), prefs: drawingPrefs.peek() };
}

export function applyDrawingLayout(v: unknown): void {
  if (!isObj(v)) return;
  const { map, bad } = sanitizeDrawingMap(v.map);
  if (bad > 0) keepUnread(v.map, bad);
  batch(() => {
    drawingMap.value = map;
    if (isObj(v.prefs)) drawingPrefs.value = sanitizePrefs(v.prefs);
    selectedDrawing.value = null;
    draftDrawing.value = null;
  });
  for (const s of stacks.values()) s.clear();
  undoVersion.value++;
}

// Local storage follows every change (spec 5.9: local for visitors and demo, and the page's own copy for everyone).
effect(() => writeStored(KEY, drawingMap.value));
effect(() => writeStored(PREFS_KEY, drawingPrefs.value));
// A switch of pair ends a placement and a selection.
let shownFor: string | undefined;
effect(() => {
  const id = activeSymbol.value?.symbolId;
  // The symbol's record is replaced now and then (a refreshed list): only a new pair counts.
  if (id === shownFor) return;
  shownFor = id;
  draftDrawing.value = null;
  selectedDrawing.value = null;
});
