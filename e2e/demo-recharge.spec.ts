import { expect, test } from './support/test.ts';
import { accountButton, openAs } from './support/accounts.ts';

// Issue 19 item 4: a demo-trading account adds funds through the header (POST
// /v5/account/demo-apply-money on the local exchange); each outcome is said after the answer.

test('a demo account adds demo funds: the balance follows; amounts are grouped; too many places and a second request within the minute are said in words (sixth walkthrough)', async ({ page }) => {
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
  await expect(dialog).toContainText('Enter an amount above 0 and at most 100,000 USDT.');
  await amount.fill('2500');
  await expect(dialog).toContainText('Up to 100,000 USDT per request, once a minute.');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(page.getByText('2,500 USDT added to your demo account.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(available).toHaveText('12,500.00 USDT');
  // Once a minute: the exchange refuses the next one, and its message is what the page says.
  await open.click();
  await dialog.getByRole('combobox', { name: 'Coin' }).selectOption('BTC');
  // More places than the exchange takes: said as such, not as out of range.
  await amount.fill('0.123456789');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('BTC amounts have at most 8 decimal places.');
  await amount.fill('1');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  // The exchange's retCode 10006 and its reset time, in words: within the minute, so 1 to 60 s.
  const limited = page.getByTestId('toast').filter({ hasText: /Demo funds can be added once a minute\. Try again in (\d+) s\./ });
  await expect(limited).toBeVisible();
  const seconds = Number(/in (\d+) s/.exec((await limited.textContent()) ?? '')![1]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(page.getByText('Too many visits!')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(available).toHaveText('12,500.00 USDT');
});

test('accounts that are not demo have no demo recharge', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  await expect(accountButton(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add demo funds' })).toHaveCount(0);
});
