import { expect, test, type Page, scaled } from './support/test.ts';
import { accountButton, openAs, signUp } from './support/accounts.ts';

// The upgrade of a classic account to unified (issue 19 item 5, spec 4.14) against the local
// exchange: each test signs up a classic account of its own, puts it in the upgrade's gray group
// and drives the exchange's upgrade with /faults/uta-upgrade (its duration and its push), so no
// other test's account ever changes kind. On SOL/USDT, which no other spec moves or pauses.
test.describe.configure({ timeout: scaled(60_000) });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };
const ENTRY = 'Upgrade to Unified Trading Account';

const header = (page: Page) => page.locator('header');
const entry = (page: Page) => page.getByRole('button', { name: ENTRY });
const dialog = (page: Page) => page.getByRole('dialog');
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');

async function fault(page: Page, path: string, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/faults/${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A fresh classic account in the gray group, its upgrades taking `durationMs`, on the page. */
async function classicInGray(page: Page, upgrade: { durationMs: number; push?: string }): Promise<string> {
  const name = await signUp(page, 'classic');
  await fault(page, 'account-flags', { name, upgradeGray: true });
  await fault(page, 'uta-upgrade', { name, ...upgrade });
  await page.goto(PATH);
  await expect(page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' })).toBeVisible({ timeout: scaled(20_000) });
  return name;
}

async function userInfo(page: Page): Promise<Record<string, any>> {
  return ((await (await page.request.get('/api/user/info')).json()) as { result: Record<string, any> }).result;
}

async function usdt(page: Page): Promise<string> {
  const res = await page.request.get('/v5/account/wallet-balance?accountType=UNIFIED&coin=USDT', { headers: XRW });
  const body = (await res.json()) as { result: { list: Array<{ coin: Array<{ coin: string; walletBalance: string }> }> } };
  return body.result.list[0]!.coin.find((c) => c.coin === 'USDT')?.walletBalance ?? '0';
}

async function solPrice(page: Page): Promise<number> {
  const body = (await (await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json()) as { result: { list: Array<{ lastPrice: string }> } };
  return Number(body.result.list[0]!.lastPrice);
}

/** Clicks the entry's confirm and returns when the click happened (for the feedback delay). */
async function confirm(page: Page): Promise<number> {
  await entry(page).click();
  await expect(dialog(page).getByRole('heading', { name: ENTRY })).toBeVisible();
  const at = Date.now();
  await dialog(page).getByRole('button', { name: 'Upgrade now' }).click();
  return at;
}

test('the entry and its one-time tip; FAIL lists the open-order and liability reasons after the 1 s delay, and the entry stays', async ({ page }) => {
  const name = await classicInGray(page, { durationMs: 3000 });
  await expect(header(page).getByRole('note', { name: 'New: the unified trading account' })).toBeVisible();
  // An open order and an outstanding loan: both reasons.
  const price = ((await solPrice(page)) * 0.8).toFixed(2);
  const order = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price }, headers: XRW });
  expect(((await order.json()) as { retCode: number }).retCode).toBe(0);
  await fault(page, 'liability', { name, coin: 'USDT', amount: '120' });
  const clicked = await confirm(page);
  await expect(dialog(page).getByRole('heading', { name: 'Upgrade failed' })).toBeVisible();
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
  await expect(dialog(page).getByRole('listitem')).toHaveText([
    'You have open orders. Cancel them before upgrading.',
    'You have outstanding spot liabilities. Repay them before upgrading.',
  ]);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await userInfo(page)).toMatchObject({ isUTA: false, member_tag: { UTA: 'FAIL' } });
  // Tag FAIL with the gray flag: the entry stays; the tip was shown once and not again.
  await page.reload();
  await expect(entry(page)).toBeVisible();
  await expect(header(page).getByRole('note')).toHaveCount(0);
});

test('PROCESS shows the mask, SUCCESS reloads into a unified account with the same balances, the guide shows once, and the account trades as unified', async ({ page }) => {
  await classicInGray(page, { durationMs: 2500 });
  const before = await usdt(page);
  await confirm(page);
  await expect(page.getByTestId('uta-upgrade-mask')).toBeVisible();
  // '0' on the account topic: the page reloads itself, now unified, and shows the guide.
  const guide = dialog(page).filter({ has: page.getByRole('heading', { name: 'Welcome to your unified trading account' }) });
  await expect(guide).toBeVisible({ timeout: scaled(20_000) });
  expect(await userInfo(page)).toMatchObject({ isUTA: true, unified_account: 2, member_tag: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } });
  expect(await usdt(page)).toBe(before);
  await guide.getByRole('button', { name: 'Start trading' }).click();
  await expect(guide).toHaveCount(0);
  await expect(entry(page)).toHaveCount(0);
  // The unified orders panel (spec 7.2) and a limit order placed through the page's unified path.
  await expect(ordersRegion(page).getByRole('tab', { name: /^Open orders/ })).toBeVisible();
  const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  const price = ((await solPrice(page)) * 0.8).toFixed(2);
  await form.getByRole('tab', { name: 'Buy' }).click();
  await form.getByLabel('Order type').selectOption('limit');
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Quantity', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' }).first()).toBeVisible();
  await expect(ordersRegion(page).locator('.orders-table tbody tr')).toHaveCount(1);
  // The guide was read: stored in the preferences, it does not come back.
  const prefs = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'GET');
  await page.reload();
  await prefs;
  await expect(page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' })).toBeVisible();
  await expect(guide).toHaveCount(0);
});

test("'3400324' sets the tags to PROCESS and opens the dialog in progress status 1; the finished upgrade then reloads", async ({ page }) => {
  await classicInGray(page, { durationMs: 4000, push: '3400324' });
  await confirm(page);
  const progress = dialog(page).locator('[data-status="1"]');
  await expect(progress).toBeVisible();
  await expect(progress.getByText('Upgrade in progress')).toBeVisible();
  await expect(page.getByTestId('uta-upgrade-mask')).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Welcome to your unified trading account' })).toBeVisible({ timeout: scaled(20_000) });
  expect((await userInfo(page)).isUTA).toBe(true);
});

test('another code on the topic: error status 3 with the code list, and the account stays classic', async ({ page }) => {
  await classicInGray(page, { durationMs: 200, push: '3400250' });
  await confirm(page);
  const failed = dialog(page).locator('[data-status="3"]');
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('listitem')).toHaveText(['Error code 3400250']);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(entry(page)).toBeVisible();
  expect(await userInfo(page)).toMatchObject({ isUTA: false, member_tag: { UTA: 'FAIL' } });
});

test('no entry outside the gray group, nor for a unified account', async ({ page }) => {
  await openAs(page, 'classic', PATH);
  await expect(accountButton(page)).toContainText('Classic');
  await expect(entry(page)).toHaveCount(0);
  await openAs(page, 'uta', PATH);
  await expect(accountButton(page)).toContainText('Unified');
  await expect(entry(page)).toHaveCount(0);
});

test('the inverse upgrade has its own mask while UTA_INVERSE is PROCESS; it may be closed', async ({ page }) => {
  const name = await signUp(page, 'uta');
  await fault(page, 'account-flags', { name, tagUtaInverse: 'PROCESS' });
  await page.goto(PATH);
  const mask = page.getByTestId('uta-inverse-mask');
  await expect(mask).toBeVisible({ timeout: scaled(20_000) });
  await expect(mask).toContainText('Inverse contract upgrade in progress');
  await expect(page.getByTestId('uta-upgrade-mask')).toHaveCount(0);
  await mask.getByRole('button', { name: 'Got it' }).click();
  await expect(mask).toHaveCount(0);
});
