import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';
import { madeUpFills, serveFills } from './support/fills.ts';

// src/ui/VirtualTable.tsx: a long list puts only a window of its rows in the DOM.
test.describe.configure({ timeout: scaled(60_000) });

const ROWS = 500;

async function openTradeHistory(page: Page) {
  await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'Display' }).click();
  await page.getByRole('group', { name: 'Display' }).getByRole('button', { name: 'Trade history' }).click();
  return page.getByRole('dialog', { name: 'Trade history' });
}

test('500 fills: the trade-history table holds a window of rows, and scrolling brings in the last ones', async ({ page }) => {
  await serveFills(page, madeUpFills('SOLUSDT', ROWS));
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const modal = await openTradeHistory(page);
  const table = modal.getByRole('table', { name: 'Trade history' });
  // The whole count is told to assistive technology: a header row and 500 rows.
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  const drawn = table.locator('tbody tr[aria-rowindex]');
  await expect(drawn.first()).toHaveAttribute('aria-rowindex', '2');
  const first = await drawn.count();
  expect(first).toBeGreaterThan(5);
  expect(first).toBeLessThan(100);
  await expect(table.locator('tbody tr[aria-rowindex="501"]')).toHaveCount(0);

  // Scrolling to the end: the last rows come in, the first ones go, the window stays small.
  const box = modal.locator('.table-scroll');
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.locator('tbody tr[aria-rowindex="501"]')).toBeVisible();
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toHaveCount(0);
  expect(await drawn.count()).toBeLessThan(100);
  // And back to the middle.
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await expect(table.locator('tbody tr[aria-rowindex="251"]')).toBeAttached();
});
