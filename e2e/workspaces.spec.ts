import { expect, test, type Page, scaled } from './support/test.ts';
import { logOutFromMenu, openAs, signUp } from './support/accounts.ts';

// Issue 36 item 3: the desktop page's panels, shown, hidden and moved from the Layout popover with
// the mouse and the keyboard, named layouts, a reset, and where the layouts are kept (the account
// for a logged-in user, this browser for a visitor).
test.describe.configure({ timeout: scaled(120_000) });
test.use({ viewport: { width: 1280, height: 1000 } });

const BTC = '/en/trade/spot/BTC/USDT';
const region = (page: Page, name: string) => page.locator(`[data-region="${name}"]`);
const layoutButton = (page: Page) => page.getByRole('button', { name: 'Layout', exact: true });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Layout' });

async function openLayout(page: Page): Promise<void> {
  await layoutButton(page).click();
  await expect(popover(page)).toBeVisible();
}

/** Is the chart drawn to the right of the order book (the two swapped places)? */
async function chartRightOfBook(page: Page): Promise<boolean> {
  const chart = await region(page, 'chart').boundingBox();
  const book = await region(page, 'book').boundingBox();
  if (!chart || !book) throw new Error('chart or book not shown');
  return chart.x > book.x;
}

test('a visitor hides and shows a panel, moves one, saves a named layout, resets, switches back; a reload keeps it, and nothing goes to the exchange', async ({ page }) => {
  const posted: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user/workspaces' && r.method() === 'POST') posted.push(r.url());
  });
  await page.goto(BTC);
  await expect(region(page, 'book')).toBeVisible();
  await expect.poll(() => chartRightOfBook(page)).toBe(false);

  await openLayout(page);
  // Hide the order book with the mouse, show it again with the keyboard.
  const bookBox = popover(page).getByRole('checkbox', { name: 'Order book' });
  await bookBox.click();
  await expect(region(page, 'book')).toHaveCount(0);
  await bookBox.focus();
  await page.keyboard.press('Space');
  await expect(region(page, 'book')).toBeVisible();

  // Move the chart one place later (the keyboard): it swaps with the book.
  await popover(page).getByRole('button', { name: 'Move Chart later' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => chartRightOfBook(page)).toBe(true);
  // And show the price ladder.
  await popover(page).getByRole('checkbox', { name: 'Price ladder' }).click();
  await expect(region(page, 'ladder')).toBeVisible();

  // Save it under a name.
  await popover(page).getByRole('textbox', { name: 'Layout name' }).fill('Book first');
  await page.keyboard.press('Enter');
  await expect(popover(page).getByRole('button', { name: 'Use layout Book first' })).toBeVisible();

  // Reset to the default, then switch back to the saved one.
  await popover(page).getByRole('button', { name: 'Reset to default' }).click();
  await expect.poll(() => chartRightOfBook(page)).toBe(false);
  await expect(region(page, 'ladder')).toHaveCount(0);
  await popover(page).getByRole('button', { name: 'Use layout Book first' }).click();
  await expect.poll(() => chartRightOfBook(page)).toBe(true);
  await expect(region(page, 'ladder')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);

  await page.reload();
  await expect(region(page, 'book')).toBeVisible();
  await expect.poll(() => chartRightOfBook(page)).toBe(true);
  await expect(region(page, 'ladder')).toBeVisible();
  await openLayout(page);
  await expect(popover(page).getByRole('button', { name: 'Use layout Book first' })).toBeVisible();
  // Deleting it takes it off the list.
  await popover(page).getByRole('button', { name: 'Delete layout Book first' }).click();
  await expect(popover(page).getByText('No saved layouts yet.')).toBeVisible();
  expect(posted).toEqual([]);
});

test('a logged-in user’s layouts are kept on the exchange: they survive a reload, a log-out and log-in, and a fresh browser', async ({ page, browser }) => {
  const name = await signUp(page, 'uta');
  await page.goto(BTC);
  await expect(region(page, 'right')).toBeVisible();
  await openLayout(page);
  const saved = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/user/workspaces' && r.method() === 'POST' && (r.postData() ?? '').includes('"Quiet"') && (r.postData() ?? '').includes('"hidden":["right"]'),
    { timeout: scaled(30_000) },
  );
  await popover(page).getByRole('checkbox', { name: 'Markets and assets' }).click();
  await expect(region(page, 'right')).toHaveCount(0);
  await popover(page).getByRole('textbox', { name: 'Layout name' }).fill('Quiet');
  await popover(page).getByRole('button', { name: 'Save layout' }).click();
  const response = await (await saved).response();
  expect(response?.status()).toBe(200);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(region(page, 'book')).toBeVisible();
  await expect(region(page, 'right')).toHaveCount(0);

  await logOutFromMenu(page);
  await expect(region(page, 'forms').getByRole('link', { name: 'Log in' })).toBeVisible();
  await region(page, 'forms').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('An account you registered').fill(name);
  await page.getByLabel('An account you registered').press('Enter');
  await expect(region(page, 'book')).toBeVisible();
  await expect(region(page, 'right')).toHaveCount(0);

  // A browser that never saw it (no local storage) gets it from the account.
  const other = await browser.newContext({ baseURL: String(test.info().project.use.baseURL), viewport: { width: 1280, height: 1000 } });
  try {
    const p2 = await other.newPage();
    await p2.goto(`/login?redirect_url=${encodeURIComponent(BTC)}`);
    await p2.getByLabel('An account you registered').fill(name);
    await p2.getByLabel('An account you registered').press('Enter');
    await expect(region(p2, 'book')).toBeVisible();
    await expect(region(p2, 'right')).toHaveCount(0);
    await openLayout(p2);
    await expect(popover(p2).getByRole('button', { name: 'Use layout Quiet' })).toBeVisible();
  } finally {
    await other.close();
  }
});

/** The region's box on the page. */
async function box(page: Page, name: string): Promise<{ x: number; y: number; right: number; bottom: number }> {
  const b = await region(page, name).boundingBox();
  if (!b) throw new Error(`${name} not shown`);
  return { x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height };
}

for (const size of [{ width: 1280, height: 1000 }, { width: 1920, height: 1080 }, { width: 2560, height: 1200 }]) {
  test(`at ${size.width}×${size.height} a hidden panel leaves no empty space: its neighbours take it, and showing it puts it back`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(BTC);
    await expect(region(page, 'book')).toBeVisible();
    const before = { chart: await box(page, 'chart'), book: await box(page, 'book'), forms: await box(page, 'forms'), orders: await box(page, 'orders') };
    await openLayout(page);

    // The book hidden: the chart and the orders reach the order form (only the grid's gap between).
    await popover(page).getByRole('checkbox', { name: 'Order book' }).click();
    await expect(region(page, 'book')).toHaveCount(0);
    await expect.poll(async () => Math.round((await box(page, 'forms')).x - (await box(page, 'chart')).right)).toBeLessThan(12);
    expect(Math.round((await box(page, 'forms')).x - (await box(page, 'orders')).right)).toBeLessThan(12);
    await popover(page).getByRole('checkbox', { name: 'Order book' }).click();
    await expect.poll(async () => (await box(page, 'chart')).right).toBeCloseTo(before.chart.right, 0);

    // The chart hidden: the orders rise to where the chart began.
    await popover(page).getByRole('checkbox', { name: 'Chart', exact: true }).click();
    await expect(region(page, 'chart')).toHaveCount(0);
    await expect.poll(async () => Math.round((await box(page, 'orders')).y)).toBe(Math.round(before.chart.y));
    await popover(page).getByRole('checkbox', { name: 'Chart', exact: true }).click();

    // The orders hidden: the chart reaches down to where they ended.
    await popover(page).getByRole('checkbox', { name: 'Orders', exact: true }).click();
    await expect(region(page, 'orders')).toHaveCount(0);
    await expect.poll(async () => Math.round((await box(page, 'chart')).bottom)).toBe(Math.round(before.orders.bottom));
    await popover(page).getByRole('checkbox', { name: 'Orders', exact: true }).click();

    // The order form hidden: nothing is left empty where it was.
    await popover(page).getByRole('checkbox', { name: 'Order forms' }).click();
    await expect(region(page, 'forms')).toHaveCount(0);
    await expect.poll(async () => Math.round((await box(page, 'book')).right)).toBeGreaterThanOrEqual(Math.round(before.forms.right) - 1);
    await popover(page).getByRole('checkbox', { name: 'Order forms' }).click();

    // All shown again: the page as it was.
    await expect.poll(async () => [await box(page, 'chart'), await box(page, 'book'), await box(page, 'forms'), await box(page, 'orders')]).toEqual([before.chart, before.book, before.forms, before.orders]);
  });
}

interface ExtraDrawn {
  symbol: string | null;
  interval: string | null;
  bars: number;
  draws: number;
  lastClose: number | null;
}
const extraDrawn = (page: Page, n: number) => page.evaluate((name) => window.__spotDebug!.canvas(name) as ExtraDrawn | null, `extraChart${n}`);

/** A visitor's page at this size with two charts chosen in the Layout menu; the second chart's region. */
async function twoCharts(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(BTC);
  await expect(region(page, 'book')).toBeVisible();
  await openLayout(page);
  await popover(page).getByRole('radio', { name: 'Two charts' }).check();
  await page.keyboard.press('Escape');
  const second = page.getByRole('region', { name: 'Chart 2' });
  await expect(second).toBeVisible();
  return second;
}

test('two charts side by side: the second set to ETH/USDT 1h draws the exchange’s candles, follows its stream, and is kept across a reload', async ({ page }) => {
  const second = await twoCharts(page, 1920, 1080);
  // Beside the page's own chart, in the chart's place.
  const main = await page.getByTestId('chart-canvas').boundingBox();
  const extra = await second.boundingBox();
  expect(main && extra && extra.x > main.x + main.width - 1).toBe(true);

  await second.getByRole('combobox', { name: 'Pair' }).selectOption({ label: 'ETH/USDT' });
  await second.getByRole('combobox', { name: 'Interval' }).selectOption({ label: '1H' });
  await expect(second.getByRole('img', { name: 'ETH/USDT chart, 1H' })).toBeVisible();
  const res = await page.request.get('/v5/market/kline?category=spot&symbol=ETHUSDT&interval=60&limit=500');
  const count = ((await res.json()).result.list as unknown[]).length;
  expect(count).toBeGreaterThan(0);
  await expect.poll(() => extraDrawn(page, 1), { timeout: scaled(20_000) }).toMatchObject({ symbol: 'ETHUSDT', interval: '60', bars: count });
  // The page's own chart is still BTC's.
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  // Its last candle follows the exchange's ETHUSDT 1h stream.
  const first = (await extraDrawn(page, 1))!.lastClose;
  await expect.poll(async () => (await extraDrawn(page, 1))?.lastClose, { timeout: scaled(30_000) }).not.toBe(first);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Chart 2' }).getByRole('img', { name: 'ETH/USDT chart, 1H' })).toBeVisible();
  await expect.poll(() => extraDrawn(page, 1), { timeout: scaled(20_000) }).toMatchObject({ symbol: 'ETHUSDT', interval: '60' });
  await expect.poll(async () => (await extraDrawn(page, 1))?.bars ?? 0).toBeGreaterThan(0);

  // Four charts: three beside the page's own; one chart again: they go.
  await openLayout(page);
  await popover(page).getByRole('radio', { name: 'Four charts' }).check();
  await expect(page.getByRole('region', { name: 'Chart 4' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chart 2' }).getByRole('img', { name: 'ETH/USDT chart, 1H' })).toBeVisible();
  await popover(page).getByRole('radio', { name: 'One chart' }).check();
  await expect(page.getByRole('region', { name: /^Chart \d$/ })).toHaveCount(0);
});

test('the order book pops out into a window of its own that shows its rows; the page meanwhile gives its place to its neighbours, and takes it back when the window closes', async ({ page }) => {
  await page.goto(BTC);
  await expect(region(page, 'book')).toBeVisible();
  await openLayout(page);
  const popupOpened = page.waitForEvent('popup');
  await popover(page).getByRole('button', { name: 'Open Order book in a new window' }).click();
  const popup = await popupOpened;
  expect(new URL(popup.url()).pathname).toBe('/en/panel/book/BTC/USDT');
  // The window shows the book's rows (its table mirror has the asks and bids of the canvas).
  const book = popup.locator('[data-region="book"]');
  await expect(book).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'BTC/USDT · Order book' })).toBeVisible();
  await expect.poll(async () => popup.getByTestId('book-mirror').locator('[data-side="sell"]').count(), { timeout: scaled(20_000) }).toBeGreaterThan(5);
  await expect.poll(async () => popup.getByTestId('book-mirror').locator('[data-side="buy"]').count()).toBeGreaterThan(5);
  const size = popup.viewportSize();
  const bookBox = await book.boundingBox();
  expect(size && bookBox && bookBox.height > size.height * 0.8).toBe(true);

  // The page hides the book meanwhile; the chart reaches the order form.
  await expect(region(page, 'book')).toHaveCount(0);
  await expect(popover(page).getByText('In its own window')).toBeVisible();
  await expect.poll(async () => Math.round((await box(page, 'forms')).x - (await box(page, 'chart')).right)).toBeLessThan(12);

  // Closing the window (as its close button does) brings the book back.
  await popup.close({ runBeforeUnload: true });
  await expect(region(page, 'book')).toBeVisible();
  await expect(popover(page).getByRole('button', { name: 'Open Order book in a new window' })).toBeVisible();

  // From the page: out again, then brought back from the Layout menu, which closes the window.
  const again = page.waitForEvent('popup');
  await popover(page).getByRole('button', { name: 'Open Order book in a new window' }).click();
  const second = await again;
  await expect(region(page, 'book')).toHaveCount(0);
  await popover(page).getByRole('button', { name: 'Bring Order book back to this page' }).click();
  await expect(region(page, 'book')).toBeVisible();
  await expect.poll(() => second.isClosed()).toBe(true);
  // Nothing of it was kept in the layout: a reload shows the book.
  await page.reload();
  await expect(region(page, 'book')).toBeVisible();
});

test('the order book’s column is dragged wider and narrowed by keys; the width is kept across a reload and Enter returns to the default', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(BTC);
  await expect(region(page, 'book')).toBeVisible();
  const width = async (name: string) => Math.round((await region(page, name).boundingBox())!.width);
  const bookBefore = await width('book');
  const chartBefore = await width('chart');
  const handle = page.getByRole('separator', { name: 'Resize the chart and the order book' });
  const h = (await handle.boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 - 80, h.y + h.height / 2, { steps: 4 });
  await page.mouse.move(h.x + h.width / 2 - 150, h.y + h.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => width('book')).toBe(bookBefore + 150);
  expect(await width('chart')).toBe(chartBefore - 150);
  // The keys: one step narrower.
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => width('book')).toBe(bookBefore + 130);
  await expect(handle).toHaveAttribute('aria-valuenow', String(bookBefore + 130));

  // Kept once the drag has rested: a reload shows the book as wide.
  await page.waitForFunction((w) => (localStorage.getItem('spot.workspaces') ?? '').includes(`"bookWidth":${w}`), bookBefore + 130);
  await page.reload();
  await expect(region(page, 'book')).toBeVisible();
  await expect.poll(() => width('book')).toBe(bookBefore + 130);

  await page.getByRole('separator', { name: 'Resize the chart and the order book' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => width('book')).toBe(bookBefore);
  expect(await width('chart')).toBe(chartBefore);
});

test('two charts at 1366×768: the page’s own chart keeps its head (tabs, modes) within its half, nothing under the second chart', async ({ page }) => {
  const second = await twoCharts(page, 1366, 768);
  const extra = (await second.boundingBox())!;
  const chart = region(page, 'chart');
  for (const name of ['Simple chart', 'Pro chart', 'Depth chart']) {
    const box = (await chart.getByRole('radio', { name }).or(chart.getByRole('tab', { name })).first().boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(extra.x + 1);
  }
});

test('a trader pops the order form and the order lists out: in its window the form places an order, and the lists there show it', async ({ page }) => {
  await openAs(page, 'uta', BTC);
  await openLayout(page);
  const formOpened = page.waitForEvent('popup');
  await popover(page).getByRole('button', { name: 'Open Order forms in a new window' }).click();
  const formWindow = await formOpened;
  expect(new URL(formWindow.url()).pathname).toBe('/en/panel/forms/BTC/USDT');
  const form = formWindow.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  await expect(form).toBeVisible({ timeout: scaled(20_000) });
  await expect(region(page, 'forms')).toHaveCount(0);

  const listsOpened = page.waitForEvent('popup');
  await popover(page).getByRole('button', { name: 'Open Orders in a new window' }).click();
  const listsWindow = await listsOpened;
  await expect(listsWindow.locator('[data-region="orders"]').getByRole('tab', { name: /^Open orders/ })).toBeVisible({ timeout: scaled(20_000) });
  await expect(region(page, 'orders')).toHaveCount(0);

  // A limit buy far below the market, from the popped-out form.
  const ticker = await (await page.request.get('/v5/market/tickers?category=spot&symbol=BTCUSDT')).json();
  const price = (Number(ticker.result.list[0].lastPrice) * 0.7).toFixed(2);
  await form.getByLabel('Order type').selectOption('limit');
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Quantity', { exact: true }).fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  const row = listsWindow.locator('[data-region="orders"] tbody tr[data-order-id]');
  await expect(row).toHaveCount(1, { timeout: scaled(20_000) });

  await formWindow.close({ runBeforeUnload: true });
  await listsWindow.close({ runBeforeUnload: true });
  await expect(region(page, 'forms')).toBeVisible();
  await expect(region(page, 'orders')).toBeVisible();
});
