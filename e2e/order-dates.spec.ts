import { expect, test, scaled, type Page } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// Issue 33 "Also seen": order dates in ja. The order tables (open orders, order history, trade
// history) write their times in the page's language: after switching from English to Japanese,
// 2026/11/28 12:46:16 rather than 11/28/2026, 12:46:16 PM, with no reload in between.

const JA = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;
const EN = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} (AM|PM)$/;
const orders = (page: Page) => page.locator('[data-region="orders"]');
const firstTime = (page: Page) => orders(page).locator('.table-scroll tbody tr:not(.table__pad)').first().locator('td').first();

test('the order tables write their dates in the page language, after a switch from en to ja too', async ({ page }) => {
  const name = await signUp(page, 'uta');
  const seeded = await page.request.post('/faults/seed-orders', { data: { name, symbol: 'BTCUSDT', open: 2, history: 2, trades: 2 } });
  expect(seeded.ok(), await seeded.text()).toBe(true);
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(orders(page).getByRole('tab', { name: 'Open orders (2)' })).toBeVisible({ timeout: scaled(20_000) });
  await expect(firstTime(page)).toHaveText(EN);

  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('ja');
  await expect(page).toHaveURL(/\/ja\/trade\/spot\/BTC\/USDT/);
  await expect(orders(page).locator('#uta-orders-tab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(firstTime(page)).toHaveText(JA);
  for (const tab of ['history', 'trades']) {
    await orders(page).locator(`#uta-orders-tab-${tab}`).click();
    await expect(orders(page).locator(`#uta-orders-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await expect(firstTime(page)).toHaveText(JA);
  }
});
