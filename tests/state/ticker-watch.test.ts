// Spec 4.17: the market list's tickers are subscribed while a list is shown, the page is visible and
// the symbols have loaded, and unsubscribed otherwise; the footer's few stay as long as it shows them.
// Issue 37: a list streams only the rows it says are in view; every ticker is read while it shows.
import { expect, test, vi } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';

const sent: string[][] = [];
vi.mock('../../src/state/market/market-data.ts', () => ({ setWatchList: (s: string[]) => sent.push(s) }));
let reads = 0;
vi.mock('../../src/api/market.ts', () => ({
  fetchSpotTickers: async () => {
    reads++;
    return new Map([['SOLUSDT', { symbol: 'SOLUSDT', lastPrice: '150', ts: 1 }]]);
  },
}));

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

test('the watch list follows the market list, the page’s visibility and the symbols', async () => {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  vi.stubGlobal('document', doc);
  const { symbolsState } = await import('../../src/state/market/markets.ts');
  const { showMarketList, watchTickers, listTickers, watchedNow } = await import('../../src/state/market/ticker-watch.ts');
  const sym = (id: string) => ({ symbolId: id }) as SpotSymbol;
  const setHidden = (hidden: boolean) => {
    doc.visibilityState = hidden ? 'hidden' : 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
  };

  // The footer's favourites: only those.
  const stopFooter = watchTickers('footer', ['ETHUSDT']);
  await tick();
  expect(sent).toEqual([['ETHUSDT']]);
  // A list opens before the symbols have loaded: nothing more yet, but every ticker is read once.
  const list = showMarketList();
  list.inView(['BTCUSDT', 'SOLUSDT']);
  await tick();
  expect(sent).toHaveLength(1);
  expect(reads).toBe(1);
  expect(listTickers.value.get('SOLUSDT')?.lastPrice).toBe('150');
  symbolsState.value = { status: 'ready', value: [sym('BTCUSDT'), sym('ETHUSDT'), sym('SOLUSDT'), sym('XRPUSDT')] };
  await tick();
  // The rows in view stream, the others do not.
  expect(sent.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  expect([...watchedNow.value]).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  // A scroll brings other rows into view: they stream instead; an unknown symbol is not asked for.
  list.inView(['XRPUSDT', 'NOPEUSDT']);
  await tick();
  expect(sent.at(-1)).toEqual(['ETHUSDT', 'XRPUSDT']);
  list.inView(['BTCUSDT', 'SOLUSDT']);
  await tick();
  expect(sent.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  // The tab is hidden: the list's tickers go, the footer's stay; shown again, they come back.
  setHidden(true);
  await tick();
  expect(sent.at(-1)).toEqual(['ETHUSDT']);
  setHidden(false);
  await tick();
  expect(sent.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  // The list closes: back to the footer's, and the read of every ticker stops.
  list.done();
  list.done();
  list.inView(['XRPUSDT']);
  await tick();
  expect(sent.at(-1)).toEqual(['ETHUSDT']);
  expect(listTickers.value.size).toBe(0);
  // A reader swapping its symbols sends one change, not a drop and a re-add.
  const n = sent.length;
  stopFooter();
  const stopFooter2 = watchTickers('footer', ['ETHUSDT', 'SOLUSDT']);
  await tick();
  expect(sent.slice(n)).toEqual([['ETHUSDT', 'SOLUSDT']]);
  stopFooter2();
  await tick();
  expect(sent.at(-1)).toEqual([]);
});
