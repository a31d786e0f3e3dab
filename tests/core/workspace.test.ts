import { describe, expect, test } from 'vitest';
import {
  canMove, DEFAULT_WORKSPACE, ONE_CHART, parseChartGrid, withChartCount, withChartPick, deleteNamed, movePanel, panelAt, parseNamed, parseStore, parseWorkspace, resizeOrders, saveNamed, setHidden,
} from '../../src/core/workspace.ts';

describe('workspace model', () => {
  test('a move swaps the panel with the one in the next or previous place', () => {
    const ws = movePanel(DEFAULT_WORKSPACE, 'chart', 1);
    expect(ws.places.chart).toBe('book');
    expect(ws.places.book).toBe('chart');
    expect(panelAt(ws, 'chart')).toBe('book');
    expect(movePanel(ws, 'chart', -1)).toEqual(DEFAULT_WORKSPACE);
    expect(DEFAULT_WORKSPACE.places.chart).toBe('chart');
  });
  test('no move past either end', () => {
    expect(canMove(DEFAULT_WORKSPACE, 'chart', -1)).toBe(false);
    expect(movePanel(DEFAULT_WORKSPACE, 'chart', -1)).toBe(DEFAULT_WORKSPACE);
    expect(canMove(DEFAULT_WORKSPACE, 'right', 1)).toBe(false);
    expect(canMove(DEFAULT_WORKSPACE, 'right', -1)).toBe(true);
  });
  test('hide and show', () => {
    const hidden = setHidden(setHidden(DEFAULT_WORKSPACE, 'book', true), 'book', true);
    expect(hidden.hidden).toEqual(['book']);
    expect(setHidden(hidden, 'book', false).hidden).toEqual([]);
  });
  test('resize keeps the orders height within bounds', () => {
    expect(resizeOrders(DEFAULT_WORKSPACE, 50).ordersHeight).toBe(140);
    expect(resizeOrders(DEFAULT_WORKSPACE, 321.6).ordersHeight).toBe(322);
    expect(resizeOrders(DEFAULT_WORKSPACE, null).ordersHeight).toBeNull();
  });
  test('serialises and reads back', () => {
    const ws = setHidden(movePanel(DEFAULT_WORKSPACE, 'forms', 1), 'right', true);
    const store = { current: ws, named: saveNamed([], '  Mine ', ws) ?? [] };
    expect(store.named[0]?.name).toBe('Mine');
    expect(parseStore(JSON.parse(JSON.stringify(store)))).toEqual(store);
  });
  test('bad stored input is refused whole', () => {
    expect(parseWorkspace(null)).toBeNull();
    expect(parseWorkspace({ places: { ...DEFAULT_WORKSPACE.places, book: 'chart' }, hidden: [], ordersHeight: null, ladder: false })).toBeNull();
    expect(parseWorkspace({ places: DEFAULT_WORKSPACE.places, hidden: ['x'], ordersHeight: null, ladder: false })).toBeNull();
    expect(parseWorkspace({ places: DEFAULT_WORKSPACE.places, hidden: [], ordersHeight: 5, ladder: false })).toBeNull();
    expect(parseWorkspace({ places: { chart: 'chart' }, hidden: [], ordersHeight: null, ladder: false })).toBeNull();
    expect(parseWorkspace({ places: DEFAULT_WORKSPACE.places, hidden: [], ordersHeight: null })).toBeNull();
    expect(parseWorkspace({ ...DEFAULT_WORKSPACE, ladder: 'yes' })).toBeNull();
    expect(parseNamed([{ name: '', workspace: DEFAULT_WORKSPACE }])).toBeNull();
    expect(parseNamed('x')).toBeNull();
    expect(parseStore({ current: DEFAULT_WORKSPACE })).toBeNull();
  });
  test('named: same name replaces, bounds hold, delete', () => {
    let list = saveNamed([], 'A', DEFAULT_WORKSPACE) ?? [];
    list = saveNamed(list, 'A', setHidden(DEFAULT_WORKSPACE, 'book', true)) ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]?.workspace.hidden).toEqual(['book']);
    expect(saveNamed(list, ' ', DEFAULT_WORKSPACE)).toBeNull();
    expect(saveNamed(list, 'x'.repeat(41), DEFAULT_WORKSPACE)).toBeNull();
    const full = Array.from({ length: 20 }, (_, i) => ({ name: `n${i}`, workspace: DEFAULT_WORKSPACE }));
    expect(saveNamed(full, 'one more', DEFAULT_WORKSPACE)).toBeNull();
    expect(deleteNamed(list, 'A')).toEqual([]);
  });
});

describe('two or four charts (issue 36 item 3)', () => {
  test('more charts keep the extra ones there were; new ones show the given pair at 1h, 4h, 1D', () => {
    const two = withChartCount(ONE_CHART, 2, 'BTCUSDT');
    expect(two).toEqual({ count: 2, extra: [{ symbol: 'BTCUSDT', interval: '60' }] });
    const eth = withChartPick(two, 0, { symbol: 'ETHUSDT', interval: '60' });
    const four = withChartCount(eth, 4, 'SOLUSDT');
    expect(four.extra).toEqual([{ symbol: 'ETHUSDT', interval: '60' }, { symbol: 'SOLUSDT', interval: '240' }, { symbol: 'SOLUSDT', interval: '1D' }]);
    expect(withChartCount(four, 1, 'BTCUSDT')).toEqual(ONE_CHART);
    expect(withChartPick(two, 3, { symbol: 'ETHUSDT', interval: '1' })).toBe(two);
  });
  test('a stored layout: its charts read back; one saved before charts were kept is one chart; a wrong one is refused', () => {
    const ws = { ...DEFAULT_WORKSPACE, charts: { count: 2, extra: [{ symbol: 'ETHUSDT', interval: '60' }] } };
    expect(parseWorkspace(JSON.parse(JSON.stringify(ws)))).toEqual(ws);
    const { charts: _, bookWidth: __, ...old } = DEFAULT_WORKSPACE;
    expect(parseWorkspace(old)?.charts).toEqual(ONE_CHART);
    expect(parseWorkspace(old)?.bookWidth).toBeNull();
    expect(parseWorkspace({ ...ws, bookWidth: 420.4 })?.bookWidth).toBe(420);
    expect(parseWorkspace({ ...ws, bookWidth: 100 })).toBeNull();
    expect(parseChartGrid({ count: 3, extra: [] })).toBeNull();
    expect(parseChartGrid({ count: 2, extra: [] })).toBeNull();
    expect(parseChartGrid({ count: 2, extra: [{ symbol: 'eth', interval: '60' }] })).toBeNull();
    expect(parseChartGrid({ count: 2, extra: [{ symbol: 'ETHUSDT', interval: '7' }] })).toBeNull();
  });
});
