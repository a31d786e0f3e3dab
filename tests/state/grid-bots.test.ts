// Issue 31: the grid-bot list is read once per 3 s however many views show it. The chart's grid
// overlay and the grid-bot panel (running bots of the active pair) share one read; another list
// (all pairs, completed) has its own, only while shown; closing a bot reads what is shown again.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { ANONYMOUS } from '../../src/core/user-info.ts';

const reads: string[] = [];
const closed: string[] = [];
vi.mock('../../src/api/grid-bots.ts', () => ({
  fetchGridBots: async (status: number, symbol?: string) => {
    reads.push(`${status}/${symbol ?? 'all'}`);
    return [{ botId: `b-${status}-${symbol ?? 'all'}`, symbolId: symbol ?? 'ETHUSDT', status, support: true }];
  },
}));
const details = new Map<string, Record<string, unknown>>();
vi.mock('../../src/api/grid-tools.ts', () => ({
  closeGrid: async (id: string) => {
    closed.push(id);
  },
  createGrid: async (body: { symbol: string }) => (body.symbol === 'FAILUSDT' ? '6000000000001' : '6000000000002'),
  gridDetail: async (id: string) => details.get(id),
}));

beforeEach(() => {
  vi.useFakeTimers();
  reads.length = 0;
});
afterEach(() => vi.useRealTimers());

test('two views of the running list of the pair: one read per 3 s; other lists only while shown', async () => {
  const { user } = await import('../../src/state/account/user.ts');
  const { activeSymbol } = await import('../../src/state/market/active-market.ts');
  const { gridBotList, gridBots, startGridBotPoll, watchGridBots, closeGridBot } = await import('../../src/state/trading/grid-bots.ts');
  user.value = { ...ANONYMOUS, userState: 1, id: 7, isUTA: true };
  activeSymbol.value = { symbolId: 'BTCUSDT' } as SpotSymbol;

  const stopChart = startGridBotPoll();
  const stopPanel = watchGridBots({ status: 2, symbol: 'BTCUSDT' });
  await vi.advanceTimersByTimeAsync(9000);
  expect(reads).toEqual(['2/BTCUSDT', '2/BTCUSDT', '2/BTCUSDT', '2/BTCUSDT']);
  expect(gridBots.value.map((b) => b.botId)).toEqual(['b-2-BTCUSDT']);
  expect(gridBotList({ status: 2, symbol: 'BTCUSDT' })).toBe(gridBots.value);

  // The panel shows all pairs' completed bots instead: that list is read too, the chart's goes on.
  stopPanel();
  reads.length = 0;
  const stopAll = watchGridBots({ status: 3 });
  await vi.advanceTimersByTimeAsync(3000);
  expect(reads.sort()).toEqual(['2/BTCUSDT', '3/all', '3/all']);
  expect(gridBotList({ status: 3 }).map((b) => b.botId)).toEqual(['b-3-all']);

  // Closing a bot reads every list shown again at once.
  reads.length = 0;
  expect((await closeGridBot('b-2-BTCUSDT', 3)).refused).toBeNull();
  await vi.advanceTimersByTimeAsync(0);
  expect(closed).toEqual(['b-2-BTCUSDT']);
  expect(reads.sort()).toEqual(['2/BTCUSDT', '3/all']);

  // Nobody shows the completed list any more: it is not read, and it holds nothing.
  stopAll();
  reads.length = 0;
  await vi.advanceTimersByTimeAsync(3000);
  expect(reads).toEqual(['2/BTCUSDT']);
  expect(gridBotList({ status: 3 })).toEqual([]);

  // A demo account has no grid bots: nothing is read, and the chart's list is empty.
  user.value = { ...ANONYMOUS, userState: 1, id: 8, isDemoAccount: true };
  reads.length = 0;
  await vi.advanceTimersByTimeAsync(9000);
  expect(reads).toEqual([]);
  expect(gridBots.value).toEqual([]);
  stopChart();
});

test("the close's settlement as the exchange reports it: each coin with something in it, nothing made up", async () => {
  const { parseAssets } = await import('../../src/state/trading/grid-bots.ts');
  expect(parseAssets('2999.31486374088 USDT, 0.000000613 BTC')).toEqual([{ amount: '2999.31486374088', coin: 'USDT' }, { amount: '0.000000613', coin: 'BTC' }]);
  expect(parseAssets('0 USDT, 0.5 ETH')).toEqual([{ amount: '0.5', coin: 'ETH' }]);
  expect(parseAssets('')).toEqual([]);
  expect(parseAssets('<b>1</b> USDT, -3 BTC, 1e5 ETH')).toEqual([]);
});

test('a bot the exchange ended as it was created is said as ended, with its close reason and what it settled (walkthrough 7, A2)', async () => {
  const { createGridBot } = await import('../../src/state/trading/grid-bots.ts');
  details.set('6000000000001', { status: 'COMPLETED', close_reason: 'CLOSED_FAILED_INITIATION', settlement_assets: '9901.5630221034 USDT, 0.09818 BTC' });
  details.set('6000000000002', { status: 'RUNNING', close_reason: 'UNKNOWN', settlement_assets: '' });
  const body = { min_price: '95000', max_price: '99500', cell_number: 10 };
  expect(await createGridBot({ ...body, symbol: 'FAILUSDT' })).toEqual({
    id: '6000000000001',
    status: 'COMPLETED',
    ended: { reason: 'CLOSED_FAILED_INITIATION', settled: [{ amount: '9901.5630221034', coin: 'USDT' }, { amount: '0.09818', coin: 'BTC' }] },
  });
  expect(await createGridBot({ ...body, symbol: 'BTCUSDT' })).toEqual({ id: '6000000000002', status: 'RUNNING', ended: null });
});
