import { expect, test, type Locator, type Page, scaled } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// The sixth walkthrough (issue 32): on the phone the orders area's wide money tables could not be
// scrolled sideways (the area's box clips, and they were in no scroll box of their own): Strategy
// orders' Status, Grid bots' Status, Positions' Unrealised P&L, Borrowings' By, the token records'
// Status were out of reach. Each now scrolls in its own box; after scrolling that box to its end,
// its last column is wholly in the viewport and not under the row's held actions column.
test.describe.configure({ timeout: scaled(90_000) });

const XRW = { 'x-requested-with': 'e2e' };
const PHONE = { width: 390, height: 844 };
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');

/** A new unified account on the phone, at the pair's page once its orders area shows (the phone has no forms region). */
async function openOnPhone(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await signUp(page, 'uta');
  await page.goto(path);
  await expect(ordersRegion(page).getByRole('tab', { name: /^Open orders/ })).toBeVisible({ timeout: scaled(20_000) });
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const r = (await (await page.request.post(path, { data, headers: XRW })).json()) as { retCode: number; retMsg: string };
  expect(r.retCode, `${path}: ${r.retMsg}`).toBe(0);
}

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

/** Scrolls the table's own box to its end and says where its last scrolling column's header then is. */
async function expectLastColumnReachable(page: Page, table: Locator) {
  await expect(table).toBeVisible({ timeout: scaled(20_000) });
  const seen = await table.evaluate((el) => {
    const box = el.closest('.table-scroll');
    if (!box) return { box: false } as const;
    const rtl = getComputedStyle(box).direction === 'rtl';
    box.scrollLeft = rtl ? -box.scrollWidth : box.scrollWidth;
    const heads = [...el.querySelectorAll('thead th')];
    const sticky = heads.find((h) => h.classList.contains('sticky-end-col'));
    const last = heads.filter((h) => !h.classList.contains('sticky-end-col')).at(-1)!;
    const r = last.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const s = sticky?.getBoundingClientRect();
    return {
      box: true,
      name: last.textContent,
      inViewport: r.left >= -0.5 && r.right <= innerWidth + 0.5,
      inBox: r.left >= b.left - 0.5 && r.right <= b.right + 0.5,
      notUnderActions: !s || r.right <= s.left + 0.5,
    } as const;
  });
  expect(seen).toEqual({ box: true, name: seen.box ? seen.name : '', inViewport: true, inBox: true, notUnderActions: true });
}

test('at 390×844 Strategy orders (its tab and the Tools tab) scroll sideways to Status; a child list with no orders says so', async ({ page }) => {
  await openOnPhone(page, '/en/trade/spot/ETH/USDT');
  const last = await lastPrice(page, 'ETHUSDT');
  // Post only, priced through the book: it waits, and says why in its Status (the longest cell).
  await post(page, '/v5/strategy/create', { category: 'UTA_SPOT', symbol: 'ETHUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.01', subSize: '0.002', limitPrice: (last * 1.2).toFixed(2), postOnly: 1 });
  await ordersRegion(page).getByRole('tab', { name: 'Strategy orders' }).click();
  const table = ordersRegion(page).getByTestId('strategy-table');
  await expect(table.getByTestId('strategy-wait')).toBeVisible({ timeout: scaled(20_000) });
  await expectLastColumnReachable(page, table);
  // Its orders: none placed, and the list says so under its header (it showed a bare header).
  await table.getByRole('button', { name: 'Orders' }).click();
  await expect(ordersRegion(page).getByText('This strategy has placed no orders yet')).toBeVisible();
  // Shown with history, the running strategy is not in the list: its orders go with it.
  await ordersRegion(page).getByRole('radio', { name: 'History' }).click();
  await expect(ordersRegion(page).getByText('This strategy has placed no orders yet')).toHaveCount(0);

  await ordersRegion(page).getByRole('tab', { name: 'Tools' }).click();
  await expectLastColumnReachable(page, ordersRegion(page).getByTestId('strategy-table'));
});

test('at 390×844 the Tools tab\'s grid bots scroll sideways to Status', async ({ page }) => {
  await openOnPhone(page, '/en/trade/spot/BTC/USDT');
  const last = await lastPrice(page, 'BTCUSDT');
  await post(page, '/v5/grid/create-grid', { symbol: 'BTCUSDT', min_price: (last * 0.95).toFixed(2), max_price: (last * 1.05).toFixed(2), cell_number: 4, quote_investment: '1000' });
  await ordersRegion(page).getByRole('tab', { name: 'Tools' }).click();
  await expectLastColumnReachable(page, ordersRegion(page).getByTestId('grid-bot-table'));
});

test('at 390×844 Positions and Borrowings scroll sideways to their last columns', async ({ page }) => {
  await openOnPhone(page, '/en/trade/spot/SOL/USDT');
  await post(page, '/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' });
  await post(page, '/v5/spot-margin-trade/set-leverage', { leverage: '3' });
  await post(page, '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', qty: '60', marketUnit: 'baseCoin', isLeverage: 1 });
  await ordersRegion(page).getByRole('tab', { name: 'Positions' }).click();
  await expectLastColumnReachable(page, ordersRegion(page).getByTestId('positions-table'));
  await ordersRegion(page).getByRole('tab', { name: 'Borrowings' }).click();
  await expect(ordersRegion(page).getByTestId('liability-USDT')).toBeVisible({ timeout: scaled(20_000) });
  await expectLastColumnReachable(page, ordersRegion(page).getByTestId('borrowings-table'));
});

test('at 390×844 the leveraged-token records scroll sideways to Status', async ({ page }) => {
  await openOnPhone(page, '/en/trade/spot/BTC3L/USDT');
  await post(page, '/v5/spot-lever-token/purchase', { ltCoin: 'BTC3L', amount: '100' });
  await ordersRegion(page).getByRole('tab', { name: 'Subscription & redemption' }).click();
  const records = page.getByTestId('lt-records');
  await expect(records.locator('tbody tr')).not.toHaveCount(0, { timeout: scaled(20_000) });
  await expectLastColumnReachable(page, records.locator('table'));
});

// At 1366×768 the waiting reason ran on under the held Actions column ("…the price [Orders][Stop] bo"):
// it wraps in its cell, and no line of it is drawn under that column.
test('at 1366×768 a strategy\'s waiting reason wraps in its cell, not under the Actions column', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signUp(page, 'uta');
  await page.goto('/en/trade/spot/ETH/USDT');
  const last = await lastPrice(page, 'ETHUSDT');
  await post(page, '/v5/strategy/create', { category: 'UTA_SPOT', symbol: 'ETHUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.01', subSize: '0.002', limitPrice: (last * 1.2).toFixed(2), postOnly: 1 });
  await ordersRegion(page).getByRole('tab', { name: 'Strategy orders' }).click();
  const table = ordersRegion(page).getByTestId('strategy-table');
  const wait = table.getByTestId('strategy-wait');
  await expect(wait).toHaveText('· waiting: post only, the price is through the book', { timeout: scaled(20_000) });
  const overlap = await table.evaluate((el) => {
    const actions = el.querySelector('tbody .sticky-end-col')!.getBoundingClientRect();
    const text = el.querySelector('[data-testid="strategy-wait"]')!;
    const box = el.closest('.table-scroll')!.getBoundingClientRect();
    // Each line box of the reason: none reaches under the actions cell, none past the table's box.
    return [...text.getClientRects()].filter((r) => r.right > actions.left + 0.5 || r.right > box.right + 0.5).map((r) => `${Math.round(r.left)}–${Math.round(r.right)} vs ${Math.round(actions.left)}`);
  });
  expect(overlap).toEqual([]);
});
