// Spec 4.17: the market list's tickers are subscribed while a list is shown, the page is visible and
// the symbols have loaded, and unsubscribed otherwise; the footer's few stay as long as it shows them.
import { expect, test, vi } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';

const sent: string[][] = [];
vi.mock('../../src/state/market/market-data.ts', () => ({ setWatchList: (s: string[]) => sent.push(s) }));

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

test('the watch list follows the market list, the page’s visibility and the symbols', async () => {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  vi.stubGlobal('document', doc);
  const { symbolsState } = await import('../../src/state/market/markets.ts');
  const { showMarketList, watchTickers } = await import('../../src/state/market/ticker-watch.ts');
  const sym = (id: string) => ({ symbolId: id }) as SpotSymbol;
  const setHidden = (hidden: boolean) => {
    doc.visibilityState = hidden ? 'hidden' : 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
  };

  // The footer's favourites: only those.
  const stopFooter = watchTickers('footer', ['ETHUSDT']);
  await tick();
  expect(sent).toEqual([['ETHUSDT']]);
  // A list opens before the symbols have loaded: nothing more yet.
  const hide = showMarketList();
  await tick();
  expect(sent).toHaveLength(1);
  symbolsState.value = { status: 'ready', value: [sym('BTCUSDT'), sym('ETHUSDT'), sym('SOLUSDT')] };
  await tick();
  expect(sent.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  // The tab is hidden: the list's tickers go, the footer's stay; shown again, they come back.
  setHidden(true);
  await tick();
  expect(sent.at(-1)).toEqual(['ETHUSDT']);
  setHidden(false);
  await tick();
  expect(sent.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  // The list closes: back to the footer's.
  hide();
  hide();
  await tick();
  expect(sent.at(-1)).toEqual(['ETHUSDT']);
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
