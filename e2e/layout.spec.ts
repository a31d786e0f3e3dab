import { expect, test, type Locator, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Issue 15 item 6: a 1366×768 laptop shows the chart, the book with 13 rows a side, the order form
// and the orders panel's tab row without scrolling; the chart toolbar folds into a ⋯ popover.

async function bottomOf(l: Locator): Promise<number> {
  const b = (await l.boundingBox())!;
  return b.y + b.height;
}

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('chart, book (13 rows a side), order form and the orders tab row all show without scrolling', async ({ page }) => {
    await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
    await page.getByRole('button', { name: 'Buy and sell orders' }).click();
    await expect(page.locator('[data-testid="book-mirror"] tbody tr[data-side="sell"]')).toHaveCount(13, { timeout: scaled(15_000) });
    await expect(page.locator('[data-testid="book-mirror"] tbody tr[data-side="buy"]')).toHaveCount(13);
    // No sideways scroll, and nothing scrolled down.
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.scrollY])).toEqual([1366, 0]);
    // The canvas holds 13 + 13 rows and the price band at the pitch the page chose, all inside the window.
    const pitch = Number(await page.locator('.order-book').getAttribute('data-row-pitch'));
    expect(pitch).toBeGreaterThanOrEqual(16);
    const canvas = page.getByTestId('order-book-canvas');
    expect(Math.round((await canvas.boundingBox())!.height)).toBe(26 * pitch + 36);
    expect(await bottomOf(canvas)).toBeLessThanOrEqual(768);
    await expect(page.locator('.order-book .ratio-bar')).toBeInViewport({ ratio: 1 });
    // The chart's plot and toolbar, the form's submit button, the orders panel's tabs.
    await expect(page.locator('[data-region="chart"] .chart-toolbar')).toBeInViewport({ ratio: 1 });
    expect(await bottomOf(page.locator('[data-region="chart"]'))).toBeLessThanOrEqual(768);
    const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
    await expect(form.getByRole('button', { name: 'Buy BTC' })).toBeInViewport({ ratio: 1 });
    const tabs = page.locator('[data-region="orders"]').getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: /Open orders/ })).toBeInViewport({ ratio: 1 });
    expect(await bottomOf(tabs)).toBeLessThanOrEqual(768);
    // One row of tabs: every tab at the same height.
    const tops = await tabs.getByRole('tab').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  test('the chart toolbar fits its strip and folds the rest into ⋯, whose items still work', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const toolbar = page.getByRole('toolbar', { name: 'Chart tools', exact: true });
    const more = toolbar.getByRole('button', { name: 'More chart tools' });
    await expect(more).toBeVisible({ timeout: scaled(15_000) });
    expect(await toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await more.click();
    const popover = page.getByRole('dialog', { name: 'More chart tools' });
    await expect(popover).toBeVisible();
    // What folded is there (full screen folds first, being last), and a popover it opens still opens.
    await expect(popover.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Full screen' })).toHaveCount(0);
    await popover.getByRole('button', { name: 'Indicators' }).click();
    await expect(page.getByRole('dialog', { name: 'Indicators', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Indicators', exact: true })).toHaveCount(0);
    // The display options, which traders reach for most, stay in the strip.
    await expect(toolbar.getByRole('button', { name: 'Display' })).toBeVisible();
    // A wide window has room for everything: no ⋯.
    await page.setViewportSize({ width: 2560, height: 1440 });
    await expect(toolbar.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await expect(more).toHaveCount(0);
  });

  test('pinning more intervals takes room from the strip: the toolbar folds again instead of overflowing', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const toolbar = page.getByRole('toolbar', { name: 'Chart tools', exact: true });
    await expect(toolbar.getByRole('button', { name: 'More chart tools' })).toBeVisible({ timeout: scaled(15_000) });
    const before = await toolbar.locator('[data-fold]').count();
    await toolbar.getByRole('button', { name: 'All intervals' }).click();
    const menu = page.getByRole('dialog', { name: 'All intervals' });
    await menu.getByRole('button', { name: 'Customize fixed intervals' }).click();
    // Pin every interval the menu offers.
    const unpinned = menu.locator('.chart-menu__grid button[aria-pressed="false"]');
    while ((await unpinned.count()) > 0) await unpinned.first().click();
    await menu.getByRole('button', { name: 'Confirm' }).click();
    await expect(menu).toHaveCount(0);
    // The interval group grew inside a strip whose own size did not change: fewer items fit, and
    // nothing spills past the strip.
    await expect.poll(() => toolbar.locator('[data-fold]').count()).toBeLessThan(before);
    await expect.poll(() => toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('side by side (mode 4) each half shows price and quantity, titles included, none overlapping', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await page.getByRole('button', { name: 'Buy and sell side by side' }).click();
    await expect(page.locator('.order-book')).toHaveAttribute('data-mode', '4');
    const titles = page.locator('.book-columns__set span:visible');
    await expect(titles).toHaveText(['Price', 'Quantity', 'Price', 'Quantity']);
    // Each title's text ends before the next one's starts.
    const ends = await titles.evaluateAll((els) =>
      els.map((e) => { const range = document.createRange(); range.selectNodeContents(e); const r = range.getBoundingClientRect(); return [r.left, r.right]; }),
    );
    for (let i = 1; i < ends.length; i++) expect(ends[i]![0]!).toBeGreaterThan(ends[i - 1]![1]!);
  });
});

test('a 1920×1080 window keeps spec 9’s 22 px rows', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.locator('.order-book')).toHaveAttribute('data-row-pitch', '22');
  await context.close();
});

test('the box beside the market header holds the pair’s assets for a trader, and the way to log in for a visitor', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const right = page.getByRole('region', { name: 'Markets and assets' });
  await expect(right.getByRole('link', { name: 'Log in to see your assets' })).toBeVisible({ timeout: scaled(15_000) });
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  const table = right.getByRole('table', { name: 'Your assets in this pair' });
  await expect(table.getByRole('row', { name: /^USDT/ })).toHaveText(/USDT\s*10,000\.00\s*0\.00/);
  await expect(table.getByRole('row', { name: /^BTC/ })).toContainText('BTC');
  await expect(table.getByRole('row', { name: /^BTC/ })).toContainText(/0\.1/);
});

test('from 2037 px the tape beside the book is cut at the book’s height and the page still fits a 1,152 px window', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 2048, height: 1152 } });
  const page = await context.newPage();
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  const split = page.locator('[data-layout="side-by-side"]');
  await expect(split.getByTestId('order-book-canvas')).toBeVisible({ timeout: scaled(15_000) });
  const [book, tape] = await split.locator(':scope > section').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  // The tape's 40 rows (880 px) used to set the row's height, and the chart's and page's with it:
  // now the page's grid sets it (issue 33: the book's region is the window's height less the
  // header, symbol row and footer), the tape takes the book's height, and the page never scrolls.
  expect(tape).toBe(book);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1152);
  expect(await bottomOf(page.locator('[data-region="chart"]'))).toBeLessThanOrEqual(1152);
  const tabs = page.locator('[data-region="orders"]').getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: /Open orders/ })).toBeInViewport({ ratio: 1 });
  // The right-hand column takes the rows' height: it ends where the orders panel does.
  const right = page.getByRole('region', { name: 'Markets and assets' });
  await expect(right.getByTestId('market-list')).toBeVisible();
  expect(Math.abs((await bottomOf(right)) - (await bottomOf(page.locator('[data-region="orders"]'))))).toBeLessThanOrEqual(1);
  await context.close();
});
