import { expect, test, type Page, type Request, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Spec 5.13's trade preferences (issue 16 item 5): the popover lists what the account may switch,
// the switches live in the account's preferences, and the order form offers and sends exactly what
// they enable. Each test signs up an account of its own.
test.describe.configure({ timeout: scaled(90_000) });

const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const prefs = (page: Page) => page.getByRole('dialog', { name: 'Trade preferences' });

async function openPrefs(page: Page): Promise<void> {
  await forms(page).getByRole('button', { name: 'Trade preferences' }).click();
  await expect(prefs(page)).toBeVisible();
}

async function toggle(page: Page, name: string, on: boolean): Promise<void> {
  const sw = prefs(page).getByRole('switch', { name });
  await expect(sw).toBeChecked({ checked: !on });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'POST');
  // The switch shows its new state once the server stored it.
  await sw.click();
  expect((await saved).status()).toBe(200);
  await expect(sw).toBeChecked({ checked: on });
}

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

/** The body of the next /v5/order/create the page sends. */
function nextCreate(page: Page): Promise<Record<string, string>> {
  return page.waitForRequest((r: Request) => new URL(r.url()).pathname === '/v5/order/create').then((r) => r.postDataJSON() as Record<string, string>);
}

test('a unified account switches time in force, slippage and TP/SL; the form offers and sends exactly that, and the switches survive a reload', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  await openPrefs(page);
  await expect(prefs(page).getByRole('switch', { name: 'TP/SL on limit orders' })).toBeChecked();
  await toggle(page, 'Time in force', true);
  await toggle(page, 'Slippage limit on market orders', true);
  await toggle(page, 'TP/SL on limit orders', false);
  await page.keyboard.press('Escape');

  // Limit: the time-in-force choice shows, TP/SL does not; IOC is sent.
  await expect(orderForm(page).getByText('Take profit / stop loss')).toHaveCount(0);
  await orderForm(page).getByRole('radiogroup', { name: 'Time in force' }).getByRole('radio', { name: 'IOC' }).click();
  const price = ((await lastPrice(page, 'ETHUSDT')) * 0.9).toFixed(2);
  await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('0.01');
  const limitBody = nextCreate(page);
  await orderForm(page).getByRole('button', { name: 'Buy ETH' }).click();
  expect(await limitBody).toMatchObject({ orderType: 'Limit', timeInForce: 'IOC' });

  // Market: the slippage limit shows and is sent as Bybit's Percent tolerance.
  await orderForm(page).getByLabel('Order type').selectOption('market');
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('0.01');
  await orderForm(page).getByLabel('Slippage limit', { exact: true }).fill('20');
  await orderForm(page).getByRole('button', { name: 'Buy ETH' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Slippage limit must be between 0.01% and 10%' })).toBeVisible();
  await orderForm(page).getByLabel('Slippage limit', { exact: true }).fill('1');
  const marketBody = nextCreate(page);
  await orderForm(page).getByRole('button', { name: 'Buy ETH' }).click();
  expect(await marketBody).toMatchObject({ orderType: 'Market', slippageToleranceType: 'Percent', slippageTolerance: '1' });
  await expect(page.getByTestId('toast').filter({ hasText: /Order filled: Buy 0\.01 ETH/ })).toBeVisible();

  // The switches are the account's: after a reload they are as left.
  await page.reload();
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await openPrefs(page);
  await expect(prefs(page).getByRole('switch', { name: 'Time in force' })).toBeChecked();
  await expect(prefs(page).getByRole('switch', { name: 'TP/SL on limit orders' })).not.toBeChecked();
  // Post only replaces the time-in-force choice and is sent as PostOnly.
  await toggle(page, 'Post only', true);
  await page.keyboard.press('Escape');
  await orderForm(page).getByRole('checkbox', { name: 'Post only' }).check();
  await expect(orderForm(page).getByRole('radiogroup', { name: 'Time in force' })).toHaveCount(0);
  await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('0.01');
  const postOnly = nextCreate(page);
  await orderForm(page).getByRole('button', { name: 'Buy ETH' }).click();
  expect(await postOnly).toMatchObject({ orderType: 'Limit', timeInForce: 'PostOnly' });
});

test('a classic account has no trade-preference items and no TP/SL on entry', async ({ page }) => {
  await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
  await openPrefs(page);
  await expect(prefs(page)).toContainText('No trade preferences for this account');
  await expect(prefs(page).getByRole('switch')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(orderForm(page).getByText('Take profit / stop loss')).toHaveCount(0);
});
