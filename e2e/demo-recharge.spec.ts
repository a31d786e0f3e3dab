import { expect, test } from './support/test.ts';
import { accountButton, openAs } from './support/accounts.ts';

// Issue 19 item 4: a demo-trading account adds funds through the header (POST
// /v5/account/demo-apply-money on the local exchange); each outcome is said after the answer.

test('a demo account adds demo funds: the balance follows; a second request within the minute shows the exchange’s message', async ({ page }) => {
  await openAs(page, 'demo', '/en/trade/spot/BTC/USDT');
  await expect(page).toHaveTitle('Trade (Demo trading)');
  const available = page.getByTestId('available-balance');
  await expect(available).toHaveText('10,000.00 USDT');
  const open = page.getByRole('banner').getByRole('button', { name: 'Add demo funds' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Add demo funds' });
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  // Over the per-request cap: marked, and nothing is sent.
  await amount.fill('100001');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Enter an amount above 0 and at most 100000 USDT.');
  await amount.fill('2500');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(page.getByText('2500 USDT added to your demo account.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(available).toHaveText('12,500.00 USDT');
  // Once a minute: the exchange refuses the next one, and its message is what the page says.
  await open.click();
  await dialog.getByRole('combobox', { name: 'Coin' }).selectOption('BTC');
  await amount.fill('1');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(page.getByText('Too many visits!')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(available).toHaveText('12,500.00 USDT');
});

test('accounts that are not demo have no demo recharge', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  await expect(accountButton(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add demo funds' })).toHaveCount(0);
});
