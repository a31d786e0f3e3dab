import { faultScope, twoFrames } from './support/accounts.ts';
import { pixelCounts } from './support/pixels.ts';
import { expect, test, type Page, scaled } from './support/test.ts';

const summary = (page: Page) => page.getByTestId('chart-summary');

async function waitForCandles(page: Page, interval?: string) {
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
  if (interval) await expect(summary(page)).toHaveAttribute('data-interval', interval);
}

/** What the exchange itself answers for the first page, newest first. */
async function exchangeCount(page: Page, symbol: string, interval: string): Promise<{ count: number; newest: number }> {
  const res = await page.request.get(`/v5/market/kline?category=spot&symbol=${symbol}&interval=${interval}&limit=500`);
  const list = (await res.json()).result.list as string[][];
  return { count: list.length, newest: Number(list[0]![0]) };
}

/** The main chart canvas's pixels (the first canvas in the host; the crosshair layer is the second). */
const chartPixels = (page: Page) => page.getByTestId('chart-canvas').locator('canvas').first().evaluate((c: HTMLCanvasElement) => c.toDataURL());

test.describe('price chart', () => {
  // Machines running several builds at once make canvas work slow; give each test room.
  test.describe.configure({ timeout: scaled(90_000) });

  test('switching interval and type redraws with the right candle count', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForCandles(page);
    const toolbar = page.getByRole('toolbar', { name: 'Chart tools' });
    for (const [button, v5] of [['1M', 'M'], ['1W', 'W'], ['1D', 'D']] as const) {
      await toolbar.getByRole('button', { name: button, exact: true }).click();
      await waitForCandles(page, button);
      const api = await exchangeCount(page, 'BTCUSDT', v5);
      // The page holds the exchange's first page; a realtime candle may have opened one more bar since.
      await expect.poll(async () => Number(await summary(page).getAttribute('data-count'))).toBeGreaterThanOrEqual(api.count);
      expect(Number(await summary(page).getAttribute('data-count'))).toBeLessThanOrEqual(api.count + 1);
      await expect(summary(page)).toContainText(`BTC/USDT ${button} Candles chart`);
    }
    // Monthly and weekly counts differ from each other, so the count really follows the interval.
    const monthly = await exchangeCount(page, 'BTCUSDT', 'M');
    const weekly = await exchangeCount(page, 'BTCUSDT', 'W');
    expect(monthly.count).toBeLessThan(weekly.count);

    await page.mouse.move(0, 0);
    const before = await chartPixels(page);
    await page.getByRole('combobox', { name: 'Chart type' }).selectOption('line');
    await expect(summary(page)).toHaveAttribute('data-type', 'line');
    await expect(summary(page)).toContainText('Line chart');
    await expect.poll(async () => (await chartPixels(page)) !== before).toBe(true);
    // Type and interval are kept locally.
    await page.reload();
    await waitForCandles(page, '1D');
    await expect(summary(page)).toHaveAttribute('data-type', 'line');
  });

  test('panning past the left edge loads older pages, at most 3', async ({ page }) => {
    const older: string[] = [];
    let answered = 0;
    const isOlder = (url: string) => url.includes('/v5/market/kline') && url.includes('end=');
    page.on('request', (r) => {
      if (isOlder(r.url())) older.push(r.url());
    });
    page.on('requestfinished', (r) => {
      if (isOlder(r.url())) answered++;
    });
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForCandles(page);
    await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'All intervals' }).click();
    await page.getByRole('dialog', { name: 'All intervals' }).getByRole('button', { name: '1m', exact: true }).click();
    await waitForCandles(page, '1');
    await expect(summary(page)).toHaveAttribute('data-count', /^50[01]$/);
    const canvas = page.getByTestId('chart-canvas');
    const box = (await canvas.boundingBox())!;
    // Zoom out so each drag travels far, then drag the chart to the right (into the past).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 400);
    for (let i = 0; i < 30 && older.length < 4; i++) {
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 100, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      // An older page this drag asked for arrives (and is drawn) before the next drag.
      await expect.poll(() => answered).toBe(older.length);
      await twoFrames(page);
    }
    await expect(summary(page)).toHaveAttribute('data-older-pages', '3');
    await expect.poll(async () => Number(await summary(page).getAttribute('data-count'))).toBeGreaterThanOrEqual(2000);
    expect(Number(await summary(page).getAttribute('data-count'))).toBeLessThanOrEqual(2001);
    // Keyboard panning further left asks for nothing more.
    await canvas.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    await twoFrames(page);
    expect(older).toHaveLength(3);
    for (const url of older) expect(url).toMatch(/limit=500/);
  });

  test('a symbol that opens later shows the opening countdown', async ({ page }) => {
    const notice = await (await page.request.get('/api/spot/symbol-notice?symbol_id=NEWUSDT')).json();
    expect(notice.result.onlineTime).toBeGreaterThan(Date.now());
    await page.goto('/en/trade/spot/NEW/USDT');
    const mask = page.getByTestId('chart-countdown');
    await expect(mask).toBeVisible({ timeout: scaled(15_000) });
    await expect(mask.getByRole('heading', { name: 'Opening countdown' })).toBeVisible();
    const left = () => mask.locator('[role="timer"]').evaluate((el) => {
      const get = (p: string) => Number(el.querySelector(`[data-part="${p}"]`)!.textContent);
      return get('hours') * 3600 + get('minutes') * 60 + get('seconds');
    });
    const first = await left();
    const expected = (notice.result.onlineTime - Date.now()) / 1000;
    expect(Math.abs(first - expected)).toBeLessThan(10);
    // It ticks down.
    await expect.poll(left, { timeout: scaled(4000) }).toBeLessThan(first);
    const utc = new Date(notice.result.onlineTime).toISOString().slice(0, 16).replace('T', ' ');
    await expect(mask.getByTestId('chart-open-time')).toHaveText(`Opens at ${utc} UTC`);
    await expect(mask).toContainText(notice.result.noticeContent);
    await expect(mask.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/announcements/new-listing');
  });

  test('a failed notice shows the error mask, and refresh reloads the page', async ({ page, request }) => {
    const path = '/api/spot/symbol-notice';
    // Only this test's page gets the failure (its fault-scope cookie).
    const scope = await faultScope(page);
    expect((await request.post('/faults/rest', { data: { path, scope, fail: { status: 500, retCode: 10016, retMsg: 'boom' } } })).ok()).toBe(true);
    try {
      await page.goto('/en/trade/spot/ETH/USDT');
      const mask = page.getByTestId('chart-error');
      await expect(mask).toBeVisible({ timeout: scaled(15_000) });
      await expect(mask).toContainText('ETH/USDT');
      await expect(mask).toContainText('Opening countdown');
      await expect(mask).toContainText('Network error');
      expect((await request.post('/faults/rest-clear', { data: { path, scope } })).ok()).toBe(true);
      const reloaded = page.waitForEvent('load');
      await mask.getByRole('button', { name: 'Refresh' }).click();
      await reloaded;
      await waitForCandles(page);
      await expect(page.getByTestId('chart-error')).toHaveCount(0);
    } finally {
      await request.post('/faults/rest-clear', { data: { path, scope } });
    }
  });
  test('the depth chart draws the book and its readout shows exact decimals for the hovered point', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await page.getByRole('radio', { name: 'Depth chart' }).click();
    const depth = page.getByTestId('depth-canvas');
    await expect(depth.locator('canvas')).toBeVisible({ timeout: scaled(15_000) });
    await expect(depth.getByText('Loading', { exact: false })).toHaveCount(0, { timeout: scaled(15_000) });
    const box = (await depth.boundingBox())!;
    const readout = page.getByTestId('depth-readout');
    const read = async (x: number) => {
      await page.mouse.move(box.x + x, box.y + box.height / 2);
      await expect(readout).toBeVisible();
      const dd = await readout.locator('dd').allTextContents();
      // Written in the page's format with its unit (issue 32): '96,999.99 USDT'; the numbers behind it for the checks below.
      const num = (text: string, unit: string) => {
        expect(text.endsWith(` ${unit}`), text).toBe(true);
        return text.slice(0, -unit.length - 1);
      };
      return { price: num(dd[0]!, 'USDT'), amount: num(dd[1]!, 'BTC'), value: num(dd[2]!, 'USDT') };
    };
    // BTCUSDT: tick 0.01, lot 0.000001, USDT shown to 2 places; decimal strings, never a float's digits.
    const bid = await read(box.width * 0.2);
    expect(bid.price).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(bid.amount).toMatch(/^\d{1,3}(,\d{3})*\.\d{6}$/);
    expect(bid.value).toMatch(/^\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
    for (const k of ['price', 'amount', 'value'] as const) bid[k] = bid[k].replace(/,/g, '');
    const ask = await read(box.width * 0.75);
    expect(Number(ask.price.replace(/,/g, ''))).toBeGreaterThan(Number(bid.price));
    // Cumulative: the value is at least the amount times the lowest price it could have (the best bid for bids).
    expect(Number(bid.value)).toBeGreaterThanOrEqual(Number(bid.amount) * Number(bid.price) * 0.999);
    await page.mouse.move(box.x - 20, box.y - 20);
    await expect(readout).toHaveCount(0);
  });

  test('the depth chart has a price axis, a cumulative-amount axis and a mid-price marker', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await page.getByRole('radio', { name: 'Depth chart' }).click();
    const depth = page.getByTestId('depth-canvas');
    await expect(depth.getByText('Loading', { exact: false })).toHaveCount(0, { timeout: scaled(15_000) });
    type Label = { text: string; x: number; y: number };
    type Shown = { priceTicks: Label[]; amountTicks: Label[]; mid: { x: number; text: string } | null; plotW: number; plotH: number };
    const read = () => page.evaluate(() => window.__spotDebug!.canvas('depth') as Shown | null);
    await expect.poll(async () => (await read())?.mid?.text ?? '', { timeout: scaled(15_000) }).toMatch(/^\d+\.\d{2,3}$/);
    const shown = (await read())!;
    // Prices rise to the right, amounts rise upwards; each axis has several labels.
    expect(shown.priceTicks.length).toBeGreaterThanOrEqual(2);
    expect(shown.amountTicks.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < shown.priceTicks.length; i++) {
      expect(Number(shown.priceTicks[i]!.text)).toBeGreaterThan(Number(shown.priceTicks[i - 1]!.text));
      expect(shown.priceTicks[i]!.x).toBeGreaterThan(shown.priceTicks[i - 1]!.x);
    }
    for (let i = 1; i < shown.amountTicks.length; i++) {
      expect(Number(shown.amountTicks[i]!.text)).toBeGreaterThan(Number(shown.amountTicks[i - 1]!.text));
      expect(shown.amountTicks[i]!.y).toBeLessThan(shown.amountTicks[i - 1]!.y);
    }
    // The mid price sits in the middle (the price range is symmetric around it), near the exchange's
    // own best bid and ask, and no price label is printed over its box.
    const mid = shown.mid!;
    expect(Math.abs(mid.x - shown.plotW / 2)).toBeLessThanOrEqual(1);
    const res = await page.request.get('/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=1');
    const book = (await res.json()).result as { b: string[][]; a: string[][] };
    expect(Number(mid.text)).toBeGreaterThan(Number(book.b[0]![0]) * 0.99);
    expect(Number(mid.text)).toBeLessThan(Number(book.a[0]![0]) * 1.01);
    const boxHalf = (text: string) => (text.length * 7.3) / 2 + 6;
    for (const t of shown.priceTicks) expect(Math.abs(t.x - mid.x)).toBeGreaterThanOrEqual(boxHalf(t.text) + boxHalf(mid.text) - 1);
    // And they are painted: the strip under the plot and the one beside it carry text pixels.
    const box = (await depth.boundingBox())!;
    const lit = async (clip: { x: number; y: number; width: number; height: number }) => (await pixelCounts(page, await page.screenshot({ clip }))).lit;
    await page.mouse.move(0, 0);
    expect(await lit({ x: box.x, y: box.y + shown.plotH + 2, width: shown.plotW, height: 18 })).toBeGreaterThan(50);
    expect(await lit({ x: box.x + shown.plotW + 2, y: box.y, width: box.width - shown.plotW - 4, height: shown.plotH - 2 })).toBeGreaterThan(50);
  });
});

test('the Pro chart\'s bar shows the favourite intervals, the Simple chart\'s the pinned ones (spec 9)', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const bar = page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('group', { name: 'Time interval' });
  const chips = () => bar.getByRole('button').filter({ hasNotText: '▾' }).allTextContents();
  await expect(bar.getByRole('button', { name: '5m', exact: true })).toBeVisible({ timeout: scaled(15_000) });
  expect(await chips()).toEqual(['1m', '5m', '15m', '30m', '1H', '4H', '1D', '1W', '1M']);
  await page.getByRole('radio', { name: 'Simple chart' }).click();
  await expect(bar.getByRole('button', { name: '1s', exact: true })).toBeVisible();
  expect(await chips()).toEqual(['1s', '15m', '1H', '4H', '1D', '1W', '1M']);
});
