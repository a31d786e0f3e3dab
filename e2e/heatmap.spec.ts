// Issue 36 item 2: the order-book heatmap under the candles, turned on from the display menu.
// It draws the feed worker's samples of the book, shows a legend, and keeps a pair's columns when
// the trader switches to another pair and back in the same session.
import { expect, test, type Page, scaled } from './support/test.ts';

const summary = (page: Page) => page.getByTestId('chart-summary');
const legend = (page: Page) => page.getByTestId('heatmap-legend');
const since = (page: Page) => page.getByTestId('heatmap-since');
const samples = async (page: Page) => Number((await since(page).textContent())?.match(/(\d+) samples/)?.[1] ?? 0);

/**
 * Pixels of the heatmap's cyan (#00c8d7, at any strength over the dark background) in the chart
 * canvas left of the price axis: no candle, volume bar, indicator or grid line is that colour
 * (their blends over the background have green above blue, or blue far above green).
 */
async function heatPixels(page: Page): Promise<number> {
  return page.getByTestId('chart-canvas').locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
    const w = Math.floor(c.width * 0.85);
    const h = c.height;
    const copy = new OffscreenCanvas(c.width, c.height).getContext('2d')!;
    copy.drawImage(c, 0, 0);
    const px = copy.getImageData(0, 0, w, h).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) {
      const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
      // Green candles and volume blend with more green than blue; the compare line with far more blue.
      if (g > r + 20 && b >= g && b - g < 20) n++;
    }
    return n;
  });
}

test.describe('order-book heatmap', () => {
  test.describe.configure({ timeout: scaled(120_000) });

  test('turned on from the display menu it draws under the candles, with a legend, and keeps a pair\'s history across a switch', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/en/trade/spot/BTC/USDT');
    const toolbar = page.getByRole('toolbar', { name: 'Chart tools' });
    // 1s is not on the Pro chart's bar (its favourites, spec 9): from the all-intervals menu.
    await expect(toolbar.getByRole('button', { name: '1s', exact: true })).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'All intervals' }).click();
    await page.getByRole('dialog', { name: 'All intervals' }).getByRole('button', { name: '1s', exact: true }).click();
    await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
    await expect(summary(page)).toHaveAttribute('data-interval', '1s');
    await expect(legend(page)).toHaveCount(0);
    const before = await heatPixels(page);

    await toolbar.getByRole('button', { name: 'Display' }).click();
    const menu = page.getByRole('group', { name: 'Display' });
    const toggle = menu.getByRole('checkbox', { name: 'Order book heatmap' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await page.keyboard.press('Escape');

    await expect(legend(page)).toBeVisible();
    await expect(legend(page)).toContainText('Resting size');
    // A few samples in, the columns are on the chart and the legend says since when.
    await expect.poll(() => samples(page), { timeout: scaled(20_000) }).toBeGreaterThanOrEqual(4);
    await expect(legend(page)).toContainText(/since \d\d:\d\d:\d\d/);
    await expect.poll(() => heatPixels(page), { timeout: scaled(20_000) }).toBeGreaterThan(before + 100);
    const btcSince = (await since(page).textContent())!.match(/since (\S+)/)![1];
    const btcSamples = await samples(page);

    // Another pair: its own heatmap starts from nothing.
    const list = page.getByRole('region', { name: 'Markets', exact: true });
    await list.getByRole('link', { name: 'ETH/USDT' }).click();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
    await expect.poll(() => samples(page), { timeout: scaled(20_000) }).toBeGreaterThanOrEqual(1);
    await expect(since(page)).not.toContainText(btcSince!);

    // Back to BTC/USDT: the earlier columns are still there.
    await list.getByRole('link', { name: 'BTC/USDT' }).click();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/BTC\/USDT$/);
    await expect(since(page)).toContainText(`since ${btcSince}`, { timeout: scaled(20_000) });
    expect(await samples(page)).toBeGreaterThanOrEqual(btcSamples);

    // The setting is kept like the other display options; turned off, the legend goes.
    await page.reload();
    await expect(legend(page)).toBeVisible({ timeout: scaled(15_000) });
    await toolbar.getByRole('button', { name: 'Display' }).click();
    await menu.getByRole('checkbox', { name: 'Order book heatmap' }).uncheck();
    await expect(legend(page)).toHaveCount(0);
  });
});
