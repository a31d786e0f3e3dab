import { expect, test, type Page, scaled } from './support/test.ts';
import { signUp, twoFrames } from './support/accounts.ts';

// The standard-account offline alert and the copy-trading-off banner (issue 19 item 6, spec 5.13,
// 6) against the local exchange: each test signs up its own account and sets its exchange flags
// (offline switch, new leader) with /faults/account-flags. The 7 days are the stored dismissal
// time in the user's preferences, moved back instead of waited for.
test.describe.configure({ timeout: scaled(90_000) });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };
const KEY = 'standardAccountOfflineAlertTime';
const DAY = 24 * 60 * 60 * 1000;

const alert = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Standard accounts are going offline' }) });
const orderForm = (page: Page) => page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });

async function flags(page: Page, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/faults/account-flags', { data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function prefs(page: Page): Promise<Record<string, string>> {
  return ((await (await page.request.get('/api/user/pref')).json()) as { result: { prefs: Record<string, string> } }).result.prefs;
}

/** Opens the page and waits until its preferences have arrived (the alert's last condition). */
async function openWithPrefs(page: Page): Promise<void> {
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'GET');
  await page.goto(PATH);
  await loaded;
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await twoFrames(page);
}

test('the offline alert: shown to a classic account with the switch on, dismissed into the preferences, not again within 7 days, again after', async ({ page }) => {
  const name = await signUp(page, 'classic');
  await flags(page, { name, standardOffline: true });
  await openWithPrefs(page);
  await expect(alert(page)).toBeVisible();
  const before = Date.now();
  await alert(page).getByRole('button', { name: 'Remind me later' }).click();
  await expect(alert(page)).toHaveCount(0);
  await expect.poll(async () => Number((await prefs(page))[KEY] ?? 0)).toBeGreaterThanOrEqual(before - 1000);
  // Within 7 days: not again.
  await openWithPrefs(page);
  await expect(orderForm(page)).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
  // Dismissed 6 days ago: still not; 8 days ago: again.
  const set = async (ms: number) => expect((await page.request.post('/api/user/pref', { data: { upsert_keys: { [KEY]: String(ms) } }, headers: XRW })).ok()).toBe(true);
  await set(Date.now() - 6 * DAY);
  await openWithPrefs(page);
  await expect(alert(page)).toHaveCount(0);
  await set(Date.now() - 8 * DAY);
  await openWithPrefs(page);
  await expect(alert(page)).toBeVisible();
});

test('no offline alert with the switch off, nor for a unified account with it on', async ({ page }) => {
  await signUp(page, 'classic');
  await page.goto(PATH);
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const uta = await signUp(page, 'uta');
  await flags(page, { name: uta, standardOffline: true });
  await page.goto(PATH);
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  expect((await (await page.request.get('/api/user/info')).json()).result.standard_offline_switch).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the offline alert offers the upgrade to an account in the gray group', async ({ page }) => {
  const name = await signUp(page, 'classic');
  await flags(page, { name, standardOffline: true, upgradeGray: true });
  await openWithPrefs(page);
  await alert(page).getByRole('button', { name: 'Upgrade now' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Upgrade to Unified Trading Account' })).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});

test('the copy-trading-off banner for a new leader who is unified; not for a classic one', async ({ page }) => {
  const banner = page.getByRole('region', { name: 'Copy trading' });
  const leader = await signUp(page, 'uta');
  await flags(page, { name: leader, newLeader: true, copyLeader: true });
  await page.goto(PATH);
  await expect(banner).toBeVisible({ timeout: scaled(20_000) });
  await expect(banner).toContainText('Copy trading is off for new leaders on spot.');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  const classic = await signUp(page, 'classic');
  await flags(page, { name: classic, newLeader: true, copyLeader: true });
  await page.goto(PATH);
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  expect((await (await page.request.get('/api/user/info')).json()).result.is_new_leader).toBe(true);
  await expect(banner).toHaveCount(0);
});

test('a main dialog waits while a blocking one shows: the offline alert comes after the risk disclaimer closes', async ({ page }) => {
  const name = await signUp(page, 'classic');
  await flags(page, { name, standardOffline: true });
  // The preferences (the alert's last condition) fail with a 503 until the disclaimer is open; the
  // page retries them by itself (1 s, 2 s, 4 s …), so they arrive while it shows.
  let released = false;
  await page.route('**/api/user/pref', async (route) => {
    if (route.request().method() === 'GET' && !released) await route.fulfill({ status: 503, json: { success: false, code: 10016, message: 'busy' } });
    else await route.continue();
  });
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'GET' && r.status() === 200);
  await page.goto('/en/trade/spot/PEPE/USDT');
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await orderForm(page).getByRole('button', { name: 'Buy PEPE' }).click();
  const disclaimer = page.getByRole('dialog', { name: 'Risk disclaimer' });
  await expect(disclaimer).toBeVisible();
  released = true;
  await loaded;
  await twoFrames(page);
  await expect(alert(page)).toHaveCount(0);
  await disclaimer.getByRole('button', { name: 'Cancel' }).click();
  await expect(alert(page)).toBeVisible();
});
