import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// The order and trade histories are read in pages of 100 (spec 9) through the v5 cursor: the
// tables ask for the next page as their end comes into view (src/state/orders.ts loadMore*).
test.describe.configure({ timeout: scaled(90_000) });

const ROWS = 250;
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');

async function seed(page: Page, name: string) {
  const res = await page.request.post('/faults/seed-orders', { data: { name, symbol: 'SOLUSDT', history: ROWS, trades: ROWS } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function pagesThrough(page: Page, tab: string, label: string) {
  await ordersRegion(page).getByRole('tab', { name: tab }).click();
  const table = ordersRegion(page).getByRole('table', { name: label });
  // The first page: 100 rows and the header row.
  await expect(table).toHaveAttribute('aria-rowcount', '101');
  const box = ordersRegion(page).locator('.table-scroll');
  // Its end in view: the next page comes in below it.
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table).toHaveAttribute('aria-rowcount', '201');
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  // The oldest row shows at the end, and nothing is loading any more.
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.locator(`tbody tr[aria-rowindex="${ROWS + 1}"]`)).toBeVisible();
  await expect(ordersRegion(page).locator('.table-scroll .spinner')).toHaveCount(0);
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
}

test('250 orders and fills: the history tables read page after page as they are scrolled, to the oldest row', async ({ page }) => {
  const name = await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  await seed(page, name);
  await pagesThrough(page, 'Order history', 'Order history');
  await pagesThrough(page, 'Trade history', 'Trade history');
});
