import { expect, test, type Locator, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';
import { pixelCounts } from './support/pixels.ts';

// The price ladder beside the book (issue 35 item 2), as a trader uses it with mouse and keyboard:
// shown from the book's toolbar, a click on the bid column buys at that row's price with the preset
// size, a click on the own order cancels it, a drag moves it, and the keyboard does the same at a
// cursor. Each test signs up its own account. At 1366×768, the smallest desktop.
test.describe.configure({ timeout: scaled(120_000) });
test.use({ viewport: { width: 1366, height: 768 } });

const pairPath = (base: string) => `/en/trade/spot/${base}/USDT`;
const ladder = (page: Page) => page.getByTestId('ladder');
const canvas = (page: Page) => page.getByTestId('ladder-canvas');
const mirrorRows = (page: Page) => page.getByTestId('ladder-mirror').locator('tbody tr');
const mirrorRow = (page: Page, price: string) => page.getByTestId('ladder-mirror').locator(`tbody tr[data-price="${price}"]`);
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const openOrderRows = (page: Page) => page.locator('[data-region="orders"] .orders-table tbody tr');

/** A price as the orders table writes it (thousands grouped). */
const grouped = (price: string) => {
  const [whole, frac] = price.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac === undefined ? '' : `.${frac}`}`;
};

/** The prices the ladder shows, top row first (its mirror). */
async function shownPrices(page: Page): Promise<string[]> {
  return mirrorRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-price') ?? ''));
}

/** The point of a column at a row of the ladder (own 0–16 %, bid 16–37 %, price 37–59 %, ask 59–80 %, volume 80–100 %). */
async function cell(target: Locator, column: 'own' | 'bid' | 'price' | 'ask', row: number): Promise<{ x: number; y: number }> {
  const box = (await target.boundingBox())!;
  const at = { own: 0.08, bid: 0.26, price: 0.48, ask: 0.7 }[column];
  return { x: box.x + box.width * at, y: box.y + row * 20 + 10 };
}

async function showLadder(page: Page): Promise<void> {
  // Hidden, none of the ladder's code is loaded: it costs the book nothing.
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /LadderPanel/.test(e.name)));
  expect(await loaded()).toBe(false);
  await page.getByRole('button', { name: 'Show the price ladder beside the book' }).click();
  await expect(ladder(page)).toBeVisible();
  await expect(mirrorRows(page).first()).toBeAttached({ timeout: scaled(15_000) });
  expect(await loaded()).toBe(true);
}

/** Scrolls the ladder down (to lower prices) with the wheel, a notch at a time, until its top row is below `price`. */
async function scrollBelow(page: Page, price: string): Promise<void> {
  const box = (await canvas(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let top = (await shownPrices(page))[0]!;
  while (Number(top) >= Number(price)) {
    await page.mouse.wheel(0, 100);
    // Each notch scrolls three rows: wait for the mirror to show it before the next.
    const was = top;
    await expect.poll(async () => (top = (await shownPrices(page))[0]!)).not.toBe(was);
  }
}

// A coarse merge step (the ladder follows the book's), so two screens below the market are far
// enough from it that the market does not fill the test's resting buy while the test moves it. At the
// cent step, one screen below, it did: a run saw the click's buy filled by the market (the ladder's
// volume at that price was the preset size, and no open order was left). A buy filled at once is
// toasted as filled, not placed: likely the earlier "click that did nothing", once clicked again.
for (const [kind, base, grouping] of [['uta', 'ETH', '1'], ['classic', 'XRP', '0.001'], ['demo', 'ETH', '1']] as const) {
  test(`a ${kind} account buys, moves and cancels from the ladder with the mouse`, async ({ page }) => {
    await openAs(page, kind, pairPath(base));
    await page.getByRole('combobox', { name: 'Price grouping' }).selectOption(grouping);
    await showLadder(page);
    // The ladder keeps its place: the top price does not follow the market by itself.
    const before = await shownPrices(page);
    const mid = before[Math.floor(before.length / 2)]!;
    const span = Number(before[0]) - Number(before[before.length - 1]);
    await scrollBelow(page, String(Number(before[before.length - 1]) - span));
    const scrolled = await shownPrices(page);
    // Book updates come and go; the ladder's rows stay where the person put them.
    const book = page.getByTestId('book-mirror');
    const update = await book.getAttribute('data-update-id');
    await expect(book).not.toHaveAttribute('data-update-id', update ?? '');
    const later = await book.getAttribute('data-update-id');
    await expect(book).not.toHaveAttribute('data-update-id', later ?? '');
    expect((await shownPrices(page))[0]).toBe(scrolled[0]);
    expect(Number(scrolled[0])).toBeLessThan(Number(mid));

    // Click the bid column at the third row: a limit buy there, shown once the exchange answered.
    const price = scrolled[2]!;
    // The ladder takes clicks once it shows rows (it said so as they came: the mirror has them), and a
    // click means the row the canvas drew last: one click, one order.
    await expect(canvas(page)).toHaveAttribute('data-ready', 'yes');
    const at = await cell(canvas(page), 'bid', 2);
    await page.mouse.click(at.x, at.y);
    await expect(toast(page, 'Order placed').first()).toBeVisible({ timeout: scaled(15_000) });
    await expect(mirrorRow(page, price)).toHaveAttribute('data-own', 'yes');
    await expect(openOrderRows(page).filter({ hasText: grouped(price) })).toHaveCount(1);

    // Drag the own order two rows down: amended to that price.
    const moved = scrolled[4]!;
    const from = await cell(canvas(page), 'own', 2);
    const to = await cell(canvas(page), 'own', 4);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect(toast(page, 'Order modified').first()).toBeVisible({ timeout: scaled(15_000) });
    await expect(mirrorRow(page, moved)).toHaveAttribute('data-own', 'yes');
    await expect(mirrorRow(page, price)).not.toHaveAttribute('data-own', 'yes');
    await expect(openOrderRows(page).filter({ hasText: grouped(moved) })).toHaveCount(1);

    // Click the own order: cancelled.
    const own = await cell(canvas(page), 'own', 4);
    await page.mouse.click(own.x, own.y);
    await expect(toast(page, 'Cancel success').first()).toBeVisible({ timeout: scaled(15_000) });
    await expect(mirrorRow(page, moved)).not.toHaveAttribute('data-own', 'yes');
    await expect(openOrderRows(page).filter({ hasText: grouped(moved) })).toHaveCount(0);
  });
}

test('the keyboard places and cancels at the cursor and recentres the ladder', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  // As in the mouse tests: a coarse step, two screens below the market, so the buy rests there.
  await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('1');
  await showLadder(page);
  const first = await shownPrices(page);
  const span = Number(first[0]) - Number(first[first.length - 1]);
  await scrollBelow(page, String(Number(first[first.length - 1]) - span));
  const scrolled = await shownPrices(page);
  // The ladder takes the keyboard focus (a person tabs to it; here its element is focused).
  await canvas(page).focus();
  // The cursor starts in the middle row; two rows down.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const cursor = scrolled[Math.floor(scrolled.length / 2) + 2]!;
  await expect(mirrorRow(page, cursor)).toHaveAttribute('data-cursor', 'yes');
  await page.keyboard.press('b');
  await expect(toast(page, 'Order placed').first()).toBeVisible({ timeout: scaled(15_000) });
  await expect(mirrorRow(page, cursor)).toHaveAttribute('data-own', 'yes');
  await expect(openOrderRows(page).filter({ hasText: grouped(cursor) })).toHaveCount(1);
  await page.keyboard.press('Delete');
  await expect(toast(page, 'Cancel success').first()).toBeVisible({ timeout: scaled(15_000) });
  await expect(mirrorRow(page, cursor)).not.toHaveAttribute('data-own', 'yes');
  // C brings the market back to the middle: the ladder shows the book's best bid again.
  await page.keyboard.press('c');
  const bestBid = await page.getByTestId('book-mirror').locator('tbody tr[data-side="buy"]').first().locator('td').nth(1).textContent();
  await expect.poll(async () => (await shownPrices(page)).some((p) => Math.abs(Number(p) - Number(bestBid)) < Math.abs(Number(scrolled[0]) - Number(bestBid)))).toBe(true);
  await expect.poll(async () => Number((await shownPrices(page))[0])).toBeGreaterThan(Number(scrolled[0]));
});

// Drawn like the book: in the canvas worker by the Canvas 2D painter or the PixiJS GPU painter (as
// `?renderer=` chooses for the whole page), or on the main thread without the worker. Each shows
// the bids' and asks' size bars and light digits. A step of 10 keeps the market inside the ladder.
for (const [name, query, renderer] of [
  ['the GPU painter (WebGL) in the canvas worker', '?renderer=webgl', 'webgl'],
  ['the Canvas 2D painter in the canvas worker', '?renderer=canvas', 'canvas'],
  ['the Canvas 2D painter on the main thread', '?renderer=canvas&offscreen=0', 'canvas'],
] as const) {
  test(`the ladder is drawn by ${name}`, async ({ page }) => {
    await page.goto(`${pairPath('BTC')}${query}`);
    await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('10');
    await showLadder(page);
    await expect(page.locator('html')).toHaveAttribute('data-renderer', renderer);
    await expect(canvas(page)).toHaveAttribute('data-ready', 'yes');
    // The mirror shows bid and ask sizes; the canvas shows their bars and digits.
    await expect(mirrorRows(page).filter({ has: page.locator('td:nth-child(2):not(:empty)') }).first()).toBeAttached();
    await expect
      .poll(async () => {
        const png = await canvas(page).screenshot();
        const px = await pixelCounts(page, png);
        return px.bidBar > 500 && px.askBar > 500 && px.lit > 100;
      })
      .toBe(true);
  });
}

test('the ladder stays shown after a reload, and the page still fits', async ({ page }) => {
  await page.goto(pairPath('BTC'));
  await showLadder(page);
  await page.reload();
  await expect(ladder(page)).toBeVisible({ timeout: scaled(20_000) });
  await expect(page.getByRole('button', { name: 'Show the price ladder beside the book' })).toHaveAttribute('aria-pressed', 'true');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the phone has no ladder toggle: there is no room beside its book', async ({ page }) => {
    await page.goto(pairPath('BTC'));
    await page.getByRole('tablist', { name: 'Market views' }).getByRole('tab', { name: 'Order book' }).click();
    await expect(page.getByTestId('book-mirror').locator('tbody tr').first()).toBeAttached({ timeout: scaled(20_000) });
    await expect(page.getByRole('group', { name: 'Order book layout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show the price ladder beside the book' })).toHaveCount(0);
    await expect(page.getByTestId('ladder')).toHaveCount(0);
  });
});
