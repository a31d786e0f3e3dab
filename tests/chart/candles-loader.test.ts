import { describe, expect, it } from 'vitest';
import type { CandleInput } from '../../src/core/chart/candle-series.ts';
import { CANDLE_PAGE_SIZE, CandleLoader, MAX_OLDER_PAGES, type PageRequest } from '../../src/state/chart/candles-loader.ts';

const MIN = 60_000;
const NOW = Date.UTC(2026, 0, 10);

/** A fake exchange with `total` one-minute candles ending at NOW, answering like /v5/market/kline (oldest first here). */
function exchange(total: number) {
  const calls: PageRequest[] = [];
  let fail = false;
  const fetch = async (req: PageRequest): Promise<CandleInput[]> => {
    calls.push(req);
    if (fail) throw new Error('network');
    const end = req.end ?? Infinity;
    const out: CandleInput[] = [];
    for (let i = total - 1; i >= 0 && out.length < req.limit; i--) {
      const start = NOW - (total - 1 - i) * MIN;
      if (start <= end) out.push({ start, open: '1.00', high: '1.00', low: '1.00', close: `${(i % 100) + 1}.00`, volume: '1' });
    }
    return out.reverse();
  };
  return { fetch, calls, setFail: (f: boolean) => (fail = f) };
}

function loader(fetch: (r: PageRequest) => Promise<CandleInput[]>) {
  const states: string[] = [];
  let changes = 0;
  const l = new CandleLoader(fetch, { onState: (s) => states.push(s), onChange: () => changes++, onOlder: () => {} });
  return { l, states, changes: () => changes };
}

describe('candle loader', () => {
  it('loads the newest page of 500 for the symbol and interval', async () => {
    const ex = exchange(3000);
    const { l, states } = loader(ex.fetch);
    await l.rebuild({ symbol: 'BTCUSDT', interval: '1', decimals: 2 });
    expect(ex.calls[0]).toMatchObject({ symbol: 'BTCUSDT', interval: '1', limit: CANDLE_PAGE_SIZE });
    expect(ex.calls[0]!.end).toBeUndefined();
    expect(l.series.length).toBe(500);
    expect(l.series.time[499]).toBe(NOW);
    expect(states).toEqual(['loading', 'ready']);
  });

  it('pages into the past at most 3 times, each ending just before the oldest bar', async () => {
    const ex = exchange(10_000);
    const { l } = loader(ex.fetch);
    await l.rebuild({ symbol: 'BTCUSDT', interval: '1D', decimals: 2 });
    for (let k = 0; k < 5; k++) {
      const first = l.series.time[0]!;
      const loaded = await l.loadOlder();
      expect(loaded).toBe(k < MAX_OLDER_PAGES);
      if (loaded) expect(ex.calls[ex.calls.length - 1]!.end).toBe(first - 1);
    }
    expect(ex.calls).toHaveLength(1 + MAX_OLDER_PAGES);
    expect(ex.calls.every((c) => c.interval === 'D')).toBe(true);
    expect(l.series.length).toBe(2000);
    expect(l.olderPages).toBe(3);
    // Still sorted and unique after the prepends.
    for (let i = 1; i < l.series.length; i++) expect(l.series.time[i]!).toBeGreaterThan(l.series.time[i - 1]!);
  });

  it('stops paging when the history runs out', async () => {
    const ex = exchange(700);
    const { l } = loader(ex.fetch);
    await l.rebuild({ symbol: 'X', interval: '1', decimals: 2 });
    expect(await l.loadOlder()).toBe(true);
    expect(l.series.length).toBe(700);
    expect(await l.loadOlder()).toBe(false);
    expect(ex.calls).toHaveLength(2);
  });

  it('a failed fetch leaves an empty series flagged no-data', async () => {
    const ex = exchange(100);
    ex.setFail(true);
    const { l, states } = loader(ex.fetch);
    await l.rebuild({ symbol: 'X', interval: '5', decimals: 2 });
    expect(l.series.length).toBe(0);
    expect(l.state).toBe('empty');
    expect(states).toEqual(['loading', 'empty']);
    expect(await l.loadOlder()).toBe(false);
  });

  it('merges realtime candles of its interval only, and only once loaded', async () => {
    const ex = exchange(600);
    const { l } = loader(ex.fetch);
    expect(l.merge({ start: NOW + MIN, end: NOW + 2 * MIN - 1, open: '1', high: '2', low: '1', close: '2', volume: '1' })).toBe(false);
    await l.rebuild({ symbol: 'X', interval: '1', decimals: 2 });
    const n = l.series.length;
    expect(l.merge({ start: NOW, end: NOW + MIN - 1, open: '1', high: '9', low: '1', close: '8.50', volume: '1' })).toBe(true);
    expect(l.series.length).toBe(n);
    expect(l.series.priceText(l.series.close[n - 1]!)).toBe('8.50');
    expect(l.merge({ start: NOW + MIN, end: NOW + 2 * MIN - 1, open: '1', high: '2', low: '1', close: '2', volume: '1' })).toBe(true);
    expect(l.series.length).toBe(n + 1);
    // A 5-minute candle (another interval's topic) does not fit 1-minute bars.
    expect(l.merge({ start: NOW + 5 * MIN, end: NOW + 10 * MIN - 1, open: '1', high: '2', low: '1', close: '2', volume: '1' })).toBe(false);
    expect(l.merge({ start: NOW - 10 * MIN, end: NOW - 9 * MIN - 1, open: '1', high: '2', low: '1', close: '2', volume: '1' })).toBe(false);
  });

  it('a rebuild discards answers to an earlier one (symbol switched mid-flight)', async () => {
    let release: ((rows: CandleInput[]) => void) | null = null;
    const slowFirst = async (req: PageRequest): Promise<CandleInput[]> => {
      if (req.symbol === 'OLD') return new Promise((r) => (release = r));
      return [{ start: NOW, open: '2', high: '2', low: '2', close: '2.00', volume: '1' }];
    };
    const { l } = loader(slowFirst);
    const first = l.rebuild({ symbol: 'OLD', interval: '1', decimals: 2 });
    await l.rebuild({ symbol: 'NEW', interval: '1', decimals: 2 });
    release!([{ start: NOW, open: '1', high: '1', low: '1', close: '1.00', volume: '1' }]);
    await first;
    expect(l.current?.symbol).toBe('NEW');
    expect(l.series.priceText(l.series.close[0]!)).toBe('2.00');
  });
});
