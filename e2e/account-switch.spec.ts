import { expect, test, scaled } from './support/test.ts';
import { accountButton, logOutFromMenu, signUp } from './support/accounts.ts';

// Spec 4.17: a change of account in another tab, signalled by the stored switch-account flag,
// makes this tab fetch the user info again. Two tabs of one browser share the session cookie.
test.describe.configure({ timeout: scaled(60_000) });

test('signing in as someone else in another tab refreshes this tab’s user; logging out there too', async ({ page, context }) => {
  await signUp(page, 'uta');
  await page.goto('/en/trade/spot/SOL/USDT');
  const header = page.locator('.exchange-header');
  const account = accountButton(page);
  await expect(account).toBeVisible({ timeout: scaled(20_000) });
  // A unified account: no demo badge.
  await expect(header.getByText('Demo trading')).toHaveCount(0);
  // Marks this document, to show later that it was never reloaded.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // Another tab signs up (and so signs in) as a demo account, then opens the page.
  const other = await context.newPage();
  await signUp(other, 'demo');
  await other.goto('/en/trade/spot/SOL/USDT');
  await expect(other.locator('.exchange-header').getByText('Demo trading')).toBeVisible({ timeout: scaled(20_000) });
  // This tab was not reloaded, yet now shows the account signed in: the demo one.
  await expect(header.getByText('Demo trading')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Logging out in the other tab: this tab shows a visitor's links.
  await logOutFromMenu(other);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(account).toHaveCount(0);
});
