// Issue 36 item 4: a page connected to an exchange that replays a recorded session shows the
// replay bar with the session's time running, Pause stops it (on the exchange and on the page), and
// seeking back takes the page's market there.
import { REPLAY_STATE_PATH } from '../src/protocol/replay.ts';
import { startExchange } from './support/exchange.ts';
import { expect, test } from './support/test.ts';

const FILE = 'server/replays/volatile-hour.rec.gz';
/** The shipped hour starts 2026-03-02 14:00 UTC. */
const SESSION_START = Date.UTC(2026, 2, 2, 14);

test('the replay bar shows the session time running; pause stops it', async ({ page }) => {
  const replay = await startExchange(['--replay', FILE, '--speed', '10', '--news', 'none', '--web', process.env.E2E_WEB ?? 'dist-test']);
  try {
    await page.goto(`${replay.base}/en/trade/spot/BTC/USDT`);
    const bar = page.getByRole('region', { name: 'Replay' });
    await expect(bar).toBeVisible();
    const time = bar.getByTestId('replay-time');
    const sessionTime = async () => Date.parse((await time.getAttribute('datetime')) ?? '');
    // It is the recording's time, not the wall clock's, and it runs (10× here).
    const first = await sessionTime();
    expect(first).toBeGreaterThanOrEqual(SESSION_START);
    expect(first).toBeLessThan(SESSION_START + 3_600_000);
    await expect.poll(sessionTime).toBeGreaterThan(first + 5_000);

    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(bar.getByRole('button', { name: 'Play' })).toBeVisible();
    const paused = await sessionTime();
    // The exchange's clock stopped where the page's did: its next reads say the same time.
    const state = async () => ((await (await page.request.get(`${replay.base}${REPLAY_STATE_PATH}`)).json()) as { result: { time: number; playing: boolean } }).result;
    expect(await state()).toMatchObject({ time: paused, playing: false });
    // The page re-reads the state every few seconds: after its next read the time still stands.
    await page.waitForResponse((r) => r.url().endsWith(REPLAY_STATE_PATH));
    expect(await sessionTime()).toBe(paused);
    expect((await state()).time).toBe(paused);
    // The header's last price is the replayed market's, as the exchange has it now.
    const ticker = (await (await page.request.get(`${replay.base}/v5/market/tickers?category=spot&symbol=BTCUSDT`)).json()) as { result: { list: Array<{ lastPrice: string }> } };
    const last = Number(ticker.result.list[0]!.lastPrice);
    await expect.poll(async () => Number((await page.getByTestId('header-last-price').textContent())!.replace(/,/g, ''))).toBe(last);

    // Seek with the keyboard, to the end and back to the start: the session time, and the market
    // the page shows, go there (the hour ends about 0.5 % under where it began).
    const slider = bar.getByRole('slider', { name: 'Replay position' });
    const lastPrice = async () => Number((await page.getByTestId('header-last-price').textContent())!.replace(/,/g, ''));
    const exchangeLast = async () => Number(((await (await page.request.get(`${replay.base}/v5/market/tickers?category=spot&symbol=BTCUSDT`)).json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
    await slider.focus();
    await slider.press('End');
    await expect.poll(sessionTime).toBeGreaterThan(SESSION_START + 59 * 60_000);
    expect((await state()).playing).toBe(false);
    const atEnd = await exchangeLast();
    await expect.poll(lastPrice).toBe(atEnd);
    // The chart's newest candle is the end's (the session ends at 15:00 UTC; the chart shows UTC).
    const legendTime = page.getByTestId('chart-legend').locator('span').first();
    await expect(legendTime).not.toContainText('14:00');
    await slider.press('Home');
    await expect.poll(sessionTime).toBe(SESSION_START);
    expect(await state()).toMatchObject({ time: SESSION_START, playing: false });
    const atStart = await exchangeLast();
    expect(atStart).not.toBe(atEnd);
    await expect.poll(lastPrice).toBe(atStart);
    // The chart reloaded its candles for the new time: its newest is the 14:00 one again.
    await expect(legendTime).toContainText('2026-03-02 14:00');

    // Play again: it runs on from there.
    await bar.getByRole('button', { name: 'Play' }).click();
    await expect(bar.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(sessionTime).toBeGreaterThan(SESSION_START + 2_000);
  } finally {
    replay.stop();
  }
});

test('no replay bar on the simulated market', async ({ page }) => {
  const answered = page.waitForResponse((r) => r.url().endsWith(REPLAY_STATE_PATH));
  await page.goto('/en/trade/spot/BTC/USDT');
  // The footer is there and the exchange said it is not replaying; no replay bar.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(((await (await answered).json()) as { result: { replaying: boolean } }).result.replaying).toBe(false);
  await expect(page.getByTestId('replay-bar')).toHaveCount(0);
});
