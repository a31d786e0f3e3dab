// The drawings' state (state/chart/drawings.ts, issue 36): placing by clicks, per-pair lists,
// undo/redo, a drag as one undo step, and a synced layout read strictly (bad drawings counted and
// kept aside, the good ones shown).
import { beforeEach, expect, test, vi } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { activeSymbol } from '../../src/state/market/active-market.ts';
import {
  applyDrawingLayout, beginEdit, chooseTool, draftDrawing, drawingLayoutData, drawingMap, drawingTool, moveDraft, pairDrawings, placePoint, redoDrawing, removeDrawing, selectedDrawing, shownDrawings,
  setDrawingPrefs, undoDrawing, updateDrawing,
} from '../../src/state/chart/drawings.ts';
import { toasts } from '../../src/state/toasts.ts';

const sym = (id: string) => ({ symbolId: id, pricePrecision: 2 }) as SpotSymbol;

beforeEach(() => {
  activeSymbol.value = sym('BTCUSDT');
  applyDrawingLayout({ map: {} });
});

test('two clicks place a trend line (the draft follows the pointer between them); it belongs to the pair', () => {
  chooseTool('trend');
  placePoint({ t: 1000, p: 10 }, 2);
  expect(draftDrawing.value?.points).toHaveLength(2);
  moveDraft({ t: 2000, p: 11 });
  expect(shownDrawings.value.at(-1)?.points[1]).toEqual({ t: 2000, p: 11 });
  placePoint({ t: 3000, p: 12 }, 2);
  expect(drawingTool.value).toBeNull();
  expect(pairDrawings.value.map((d) => [d.kind, d.points])).toEqual([['trend', [{ t: 1000, p: 10 }, { t: 3000, p: 12 }]]]);
  expect(selectedDrawing.value).toBe(pairDrawings.value[0]!.id);
  activeSymbol.value = sym('ETHUSDT');
  expect(pairDrawings.value).toEqual([]);
  expect(selectedDrawing.value).toBeNull();
  activeSymbol.value = sym('BTCUSDT');
  expect(pairDrawings.value).toHaveLength(1);
});

test('undo and redo; a drag of many steps is one undo step; colour applies to the selected drawing', () => {
  chooseTool('hline');
  placePoint({ t: 1, p: 100 }, 1);
  const id = pairDrawings.value[0]!.id;
  beginEdit();
  for (const p of [101, 102, 103]) updateDrawing(id, (d) => ({ ...d, points: [{ t: 1, p }] }), false);
  expect(pairDrawings.value[0]!.points[0]!.p).toBe(103);
  expect(undoDrawing()).toBe(true);
  expect(pairDrawings.value[0]!.points[0]!.p).toBe(100);
  expect(redoDrawing()).toBe(true);
  expect(pairDrawings.value[0]!.points[0]!.p).toBe(103);
  setDrawingPrefs({ color: '#ef5350' });
  expect(pairDrawings.value[0]!.color).toBe('#ef5350');
  removeDrawing(id);
  expect(pairDrawings.value).toEqual([]);
  undoDrawing();
  expect(pairDrawings.value).toHaveLength(1);
  expect(drawingLayoutData().map.BTCUSDT).toHaveLength(1);
});

test('a synced layout with a bad drawing shows the good ones and says some could not be read', () => {
  vi.useFakeTimers();
  const good = { id: 'g1', kind: 'vline', points: [{ t: 5, p: 1 }], color: '#2962ff', width: 1, locked: true, hidden: false };
  applyDrawingLayout({ map: { BTCUSDT: [good, { id: 'b1', kind: 'nope' }] }, prefs: { magnet: true } });
  expect(drawingMap.value).toEqual({ BTCUSDT: [good] });
  vi.advanceTimersByTime(1);
  expect(toasts.value.at(-1)).toMatchObject({ kind: 'error', key: 'chart.drawings.unreadable', params: { n: '1' } });
  vi.useRealTimers();
});
