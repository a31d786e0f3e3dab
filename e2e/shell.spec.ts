import { twoFrames } from './support/accounts.ts';
import { expect, test, scaled } from './support/test.ts';

test('the desktop page has its regions and the Trade / Tools strip', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  for (const name of ['Symbol info', 'Chart', 'Order book', 'Order forms', 'Orders', 'Markets and assets']) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Trade', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('list', { name: 'Tools' }).getByText('Grid bot')).toBeVisible();
  await expect(page).toHaveTitle(/^BTC\/USDT .* \| Spot trading$/);
});

test('ar-SA and he render right to left and mirror the layout', async ({ page }) => {
  for (const locale of ['ar-SA', 'he']) {
    await page.goto(`/${locale}/trade/spot/BTC/USDT`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const chart = await page.locator('[data-region="chart"]').boundingBox();
    const forms = await page.locator('[data-region="forms"]').boundingBox();
    expect(chart && forms).toBeTruthy();
    // In LTR the order forms sit right of the chart; mirrored, they sit left of it.
    expect(forms!.x, locale).toBeLessThan(chart!.x);
  }
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const chartL = await page.locator('[data-region="chart"]').boundingBox();
  const formsL = await page.locator('[data-region="forms"]').boundingBox();
  expect(formsL!.x).toBeGreaterThan(chartL!.x);
});

test('500 px wide shows the mobile variant, 501 px the desktop page', async ({ browser }) => {
  for (const [width, variant] of [[500, 'mobile'], [501, 'desktop']] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator(`[data-variant="${variant}"]`)).toBeVisible();
    await context.close();
  }
});

test('crossing 500 px reloads the page into the other variant', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/en/trade/spot/ETH/USDT');
  await expect(page.locator('[data-variant="desktop"]')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.setViewportSize({ width: 480, height: 800 });
  await expect(page.locator('[data-variant="mobile"]')).toBeVisible();
  // A full reload clears everything the old document held.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  // Resizing within the variant does not reload.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 2));
  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(420);
  await twoFrames(page);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(2);
});

test('changing language keeps the pair and translates the page', async ({ page }) => {
  await page.goto('/en/trade/spot/SOL/USDT?renderer=canvas');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
  await expect(page).toHaveURL(/\/ja\/trade\/spot\/SOL\/USDT\?renderer=canvas$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('tab', { name: 'Trade', exact: true })).toHaveCount(0);
  // The choice is remembered for locale-less paths.
  await page.goto('/trade/spot/');
  await expect(page).toHaveURL(/\/ja\/trade\/spot\/BTC\/USDT$/);
});

test('a region that fails to render shows reloadTips and Reload brings it back', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const forms = page.getByRole('region', { name: 'Order forms' });
  await expect(forms.getByText('Log in or sign up to trade')).toBeVisible();
  await page.evaluate(() => window.__spotDebug!.crash('forms'));
  await expect(forms.getByRole('alert')).toContainText('Something went wrong');
  // The rest of the page is still there.
  await expect(page.getByRole('region', { name: 'Symbol info' })).toContainText('BTC/USDT');
  await forms.getByRole('button', { name: 'Reload' }).click();
  await expect(forms.getByText('Log in or sign up to trade')).toBeVisible();
});

test('a lazy module that fails to load shows Failed to load data, and refresh reloads the page', async ({ page }) => {
  await page.route(/ToolsPanel-.*\.js$/, (route) => route.abort());
  await page.goto('/en/trade/spot/BTC/USDT');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to load data');
  await page.unroute(/ToolsPanel-.*\.js$/);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh' }).click()]);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByText('Grid bot')).toBeVisible();
});

test('a failed translation load still renders the page', async ({ page }) => {
  await page.route('**/locales/**', (route) => route.fulfill({ status: 500, body: 'nope' }));
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.locator('[data-variant="desktop"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'region.chart' })).toBeVisible();
});

test('a tab strip moves with the arrow keys, Home and End, mirrored right to left', async ({ page }) => {
  for (const [path, next, prev, names] of [
    ['/en/trade/spot/BTC/USDT', 'ArrowRight', 'ArrowLeft', ['Trade', 'Tools']],
    ['/ar-SA/trade/spot/BTC/USDT', 'ArrowLeft', 'ArrowRight', ['تداول', 'الأدوات']],
  ] as const) {
    await page.goto(path);
    // The strip is react-aria's once the page has loaded it, after the order book's first rows.
    await expect(page.locator('.tabs-root .tabs').first()).toBeAttached({ timeout: scaled(15_000) });
    const [trade, tools] = names.map((name) => page.getByRole('tab', { name, exact: true }));
    await trade!.focus();
    await page.keyboard.press(next);
    await expect(tools!).toBeFocused();
    await expect(tools!).toHaveAttribute('aria-selected', 'true');
    // The tab controls its panel, which is labelled by the tab.
    await expect(tools!).toHaveAttribute('aria-controls', 'main-panel-tools');
    await expect(page.locator('#main-panel-tools')).toHaveAttribute('aria-labelledby', 'main-tab-tools');
    await expect(tools!).toHaveAttribute('id', 'main-tab-tools');
    await page.keyboard.press(prev);
    await expect(trade!).toBeFocused();
    await expect(trade!).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tools!).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(trade!).toHaveAttribute('aria-selected', 'true');
    // One tab stop: the selected tab.
    await expect(tools!).toHaveAttribute('tabindex', '-1');
  }
});
