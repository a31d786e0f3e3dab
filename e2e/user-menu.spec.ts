import { expect, test, scaled } from './support/test.ts';
import { accountButton, signUp } from './support/accounts.ts';

// Issue 33 item 7: the header says who is logged in (name, UID, kind of account) and opens a menu
// of the account's places (assets, orders, settings) and log out.
test.describe.configure({ timeout: scaled(60_000) });

const KINDS = [
  { kind: 'uta', says: ['Unified'], not: ['Classic', 'Demo trading', 'Sub-account'] },
  { kind: 'classic', says: ['Classic'], not: ['Unified', 'Demo trading', 'Sub-account'] },
  { kind: 'demo', says: ['Unified', 'Demo trading'], not: ['Classic', 'Sub-account'] },
] as const;

for (const { kind, says, not } of KINDS) {
  test(`a ${kind} account sees its name, UID and kind in the header`, async ({ page }) => {
    const name = await signUp(page, kind);
    const info = await (await page.request.get('/api/user/info')).json();
    const uid = String(info.result.id);
    await page.goto('/en/trade/spot/BTC/USDT');
    const button = accountButton(page);
    await expect(button).toBeVisible({ timeout: scaled(20_000) });
    await expect(button).toContainText(name);
    await expect(button).toContainText(`UID ${uid}`);
    for (const s of says) await expect(button).toContainText(s);
    for (const s of not) await expect(button).not.toContainText(s);
  });
}

test('a sub-account is named as one', async ({ page }) => {
  // No sign-up makes a sub-account: the seeded one (alice-sub, UID 100004) logs in, and the test
  // only reads the header (it places nothing, so it shares nothing with other tests).
  const base = String(test.info().project.use.baseURL);
  const res = await page.request.post('/login', { form: { user_id: '100004', redirect_url: '/' }, headers: { origin: base }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  await page.goto('/en/trade/spot/BTC/USDT');
  const button = accountButton(page);
  await expect(button).toBeVisible({ timeout: scaled(20_000) });
  await expect(button).toContainText('alice-sub');
  await expect(button).toContainText('UID 100004');
  await expect(button).toContainText('Unified');
  await expect(button).toContainText('Sub-account');
});

test('the account menu lists assets, orders and settings, closes on Escape, and logs out', async ({ page }) => {
  await signUp(page, 'uta');
  await page.goto('/en/trade/spot/BTC/USDT');
  const button = accountButton(page);
  await expect(button).toBeVisible({ timeout: scaled(20_000) });
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Assets', 'Orders', 'Settings', 'Log out']);
  await expect(menu.getByRole('menuitem', { name: 'Assets' })).toHaveAttribute('href', '/user/assets/home');
  await expect(menu.getByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/user/assets/order/fed/spot-current-orders/active');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/user/accounts/setting');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  // The keyboard opens it too, and log out leaves a visitor's links.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(button).toHaveCount(0);
});
