// Other symbols' tickers (the market list's, the footer's) reach the page at most every
// OTHER_TICKERS_MS, the latest of each; the active symbol's ticker goes with the next frame.
import { describe, expect, it } from 'vitest';
import { OTHER_TICKERS_MS } from '../../src/feed/frame-sink.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { startFeedController } from './fakes.ts';

const ticker = (symbol: string, lastPrice: string) =>
  JSON.stringify({ topic: `tickers.${symbol}`, ts: 1, type: 'snapshot', data: { symbol, lastPrice, highPrice24h: '101', lowPrice24h: '99', prevPrice24h: '100', volume24h: '5', turnover24h: '500', price24hPcnt: '0.0025', usdIndexPrice: '100.2' } });
const tick = () => new Promise((r) => setTimeout(r, 0));

const setup = startFeedController;

const prices = (frames: FeedFrame[], symbol: string) => frames.flatMap((f) => (f.tickers ?? []).filter((t) => t.symbol === symbol).map((t) => t.lastPrice));

describe('other symbols’ tickers', () => {
  it('are held and sent every OTHER_TICKERS_MS, the latest of each, while the active one goes at once', async () => {
    const { c, clock, socket, page } = setup();
    // The first goes at once (nothing was sent yet).
    socket.receive(ticker('ETHUSDT', '1'));
    await tick();
    expect(prices(page, 'ETHUSDT')).toEqual(['1']);
    // Within the interval: held, even with credit and other news.
    for (const p of ['2', '3', '4']) {
      c.handle({ type: 'credit' });
      socket.receive(ticker('ETHUSDT', p));
      await tick();
    }
    c.handle({ type: 'credit' });
    socket.receive(ticker('BTCUSDT', '97000'));
    await tick();
    expect(prices(page, 'BTCUSDT')).toEqual(['97000']);
    expect(prices(page, 'ETHUSDT')).toEqual(['1']);
    // Due: one frame with the latest only, and no more news afterwards sends nothing.
    c.handle({ type: 'credit' });
    clock.advance(OTHER_TICKERS_MS);
    await tick();
    expect(prices(page, 'ETHUSDT')).toEqual(['1', '4']);
    const sent = page.length;
    c.handle({ type: 'credit' });
    clock.advance(OTHER_TICKERS_MS * 3);
    await tick();
    expect(page.length).toBe(sent);
    c.destroy();
  });

  it('a symbol that becomes active never gets an older held ticker after a newer one', async () => {
    const { c, clock, socket, page } = setup();
    socket.receive(ticker('ETHUSDT', '1'));
    await tick();
    c.handle({ type: 'credit' });
    socket.receive(ticker('ETHUSDT', '2'));
    await tick();
    c.handle({ type: 'market', market: { symbol: 'ETHUSDT', tickSize: '0.01', lotSize: '0.00001', quoteDecimals: 8, mode: 4, step: null, interval: null } });
    c.handle({ type: 'credit' });
    socket.receive(ticker('ETHUSDT', '3'));
    await tick();
    c.handle({ type: 'credit' });
    clock.advance(OTHER_TICKERS_MS);
    await tick();
    expect(prices(page, 'ETHUSDT')).toEqual(['1', '3']);
    c.destroy();
  });
});
