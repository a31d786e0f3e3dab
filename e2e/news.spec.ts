import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, signUp, twoFrames } from './support/accounts.ts';

// Issue 19 items 1 and 2: the notice bar and the announcement banner, from the exchange's own
// notices (public stream) and announcements (GET /v5/announcements/index). The e2e exchange starts
// with none (--news none); each test adds its own for its fault scope, so no other page sees them.

const HOUR = 3_600_000;
/** The bar and the banner come with the page's second wave (after the book's first rows): allow for a slow start. */
const SHOWN = { timeout: scaled(20_000) };

// Each test loads the page several times and waits out real delays (3 s, 5 s rotations).
test.describe.configure({ timeout: scaled(90_000) });

async function fault(page: Page, name: string, body: Record<string, unknown>): Promise<{ id?: number }> {
  const res = await page.request.post(`/faults/${name}`, { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Records, in the page, when the notice bar first appears and each time its notice changes. */
async function watchNoticeBar(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __bar: { shownAt?: number; changes: number[] } };
    w.__bar = { changes: [] };
    let last: string | null = null;
    new MutationObserver(() => {
      const bar = document.querySelector('.notice-bar');
      if (!bar) return;
      w.__bar.shownAt ??= performance.now();
      const id = bar.getAttribute('data-notice-id');
      if (id !== last) {
        if (last !== null) w.__bar.changes.push(performance.now());
        last = id;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-notice-id'] });
  });
}

const barTimes = (page: Page) => page.evaluate(() => (window as unknown as { __bar: { shownAt?: number; changes: number[] } }).__bar);

/** Waits until the page has been up long enough that the notice bar would show (3 s after load). */
async function pastNoticeDelay(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.now() > 3500);
}

test('notices: shown 3 s after load, 44 px high, rotating every 5 s; a new one is pushed in; closing is kept per language', async ({ page }) => {
  const scope = await faultScope(page);
  await fault(page, 'notice', { scope, symbolName: 'ALL', info: 'First notice for everyone', url: 'https://example.com/one' });
  await fault(page, 'notice', { scope, symbolName: 'BTCUSDT', info: 'Second notice, BTC only', url: 'javascript:alert(1)' });
  await fault(page, 'notice', { scope, symbolName: 'ETHUSDT', info: 'Not on the BTC page' });
  await fault(page, 'notice', { scope, locale: 'ja-JP', symbolName: 'ALL', info: '日本語のお知らせ' });
  await watchNoticeBar(page);
  await page.goto('/en/trade/spot/BTC/USDT');
  const bar = page.getByRole('region', { name: 'Notices' });
  await expect(bar).toBeVisible(SHOWN);
  expect((await barTimes(page)).shownAt).toBeGreaterThanOrEqual(3000);
  expect((await bar.boundingBox())!.height).toBe(44);
  await expect(bar).toContainText('First notice for everyone');
  await expect(bar).toContainText('1 of 2');
  // Links: http(s) only; the javascript: one gets none.
  await expect(bar.getByRole('link', { name: 'Details' })).toHaveAttribute('href', 'https://example.com/one');
  await expect(bar).toContainText('Second notice, BTC only', { timeout: scaled(8000) });
  await expect(bar.getByRole('link')).toHaveCount(0);
  await expect(bar).not.toContainText('Not on the BTC page');
  await expect(bar).toContainText('First notice for everyone', { timeout: scaled(8000) });
  const { changes } = await barTimes(page);
  expect(changes.length).toBeGreaterThanOrEqual(2);
  expect(changes[1]! - changes[0]!).toBeGreaterThanOrEqual(4500);

  // Pushed while the page is open: no reload.
  await fault(page, 'notice', { scope, symbolName: 'ALL', info: 'Pushed just now' });
  await expect(bar).toContainText('of 3');

  await bar.getByRole('button', { name: 'Close notices' }).click();
  await expect(bar).toHaveCount(0);
  // Another language has its own notices and its own closed state.
  await page.goto('/ja/trade/spot/BTC/USDT');
  await expect(page.locator('.notice-bar')).toContainText('日本語のお知らせ', SHOWN);
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/, { timeout: scaled(15_000) });
  await pastNoticeDelay(page);
  await expect(bar).toHaveCount(0);
});

test('notices are not shown to a logged-in EAA account, and are to a demo account', async ({ page }) => {
  const scope = await faultScope(page);
  await fault(page, 'notice', { scope, symbolName: 'ALL', info: 'Notice for the role test' });
  await page.goto('/login?redirect_url=/en/trade/spot/BTC/USDT');
  await page.getByRole('button', { name: /EAA · 100006/ }).click();
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/, { timeout: scaled(15_000) });
  await pastNoticeDelay(page);
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);

  await page.context().clearCookies();
  await faultScopeNamed(page, scope);
  await signUp(page, 'demo');
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText('Notice for the role test', SHOWN);
});

async function faultScopeNamed(page: Page, scope: string): Promise<void> {
  await page.context().addCookies([{ name: 'fault_scope', value: scope, url: String(test.info().project.use.baseURL) }]);
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Announcement' });

/** Loads the page and waits for its announcements answer (after which the banner shows or not). */
async function openAndAnswer(page: Page, path = '/en/trade/spot/BTC/USDT'): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/v5/announcements/index'));
  await page.goto(path);
  await answered;
}

test('announcement: the newest of the last 7 days; close hides it for 24 h, opening it for 5 minutes', async ({ page, context }) => {
  const scope = await faultScope(page);
  await fault(page, 'announcement', { scope, title: 'Old news', url: '/announcements/old-news', ageMs: 8 * 24 * HOUR });
  await fault(page, 'announcement', { scope, title: 'Earlier this week', url: '/announcements/earlier', ageMs: 3 * 24 * HOUR });
  await fault(page, 'announcement', { scope, title: 'Fresh listing', description: 'NEW opens soon.', url: '/announcements/fresh-listing', ageMs: HOUR });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(banner(page)).toContainText('Fresh listing', SHOWN);
  await expect(banner(page)).toContainText('NEW opens soon.', SHOWN);
  // Visitors get no "don't show again": that needs an account.
  await expect(banner(page).getByRole('checkbox')).toHaveCount(0);

  await banner(page).getByRole('button', { name: 'Close announcement' }).click();
  await expect(banner(page)).toHaveCount(0);
  await openAndAnswer(page);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.setFixedTime(Date.now() + 24 * HOUR + 60_000);
  await openAndAnswer(page);
  await expect(banner(page)).toContainText('Fresh listing', SHOWN);

  // Opening it (the title) shows the article in a new tab and hides the banner for 5 minutes.
  const popup = context.waitForEvent('page');
  await banner(page).getByRole('link', { name: 'Fresh listing' }).click();
  const article = await popup;
  await expect(article.getByRole('heading', { name: 'Fresh listing' })).toBeVisible();
  await article.close();
  await expect(banner(page)).toHaveCount(0);
  await page.clock.setFixedTime(Date.now() + 24 * HOUR + 4 * 60_000);
  await openAndAnswer(page);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.setFixedTime(Date.now() + 24 * HOUR + 7 * 60_000);
  await openAndAnswer(page);
  await expect(banner(page)).toContainText('Fresh listing', SHOWN);
});

test('announcement: a logged-in user’s "don’t show again" is kept in the preferences for good; a newer one still shows', async ({ page }) => {
  const scope = await faultScope(page);
  await signUp(page, 'uta');
  await fault(page, 'announcement', { scope, title: 'Read once', url: '/announcements/read-once', ageMs: 2 * HOUR });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(banner(page)).toContainText('Read once', SHOWN);
  await banner(page).getByRole('checkbox', { name: "Don't show again" }).check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'POST');
  await banner(page).getByRole('button', { name: 'Close announcement' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(banner(page)).toHaveCount(0);
  // Past the 24 h of a plain close: still hidden, because the preferences say so.
  await page.clock.setFixedTime(Date.now() + 25 * HOUR);
  const prefsRead = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'GET');
  await openAndAnswer(page);
  await prefsRead;
  await twoFrames(page);
  await expect(banner(page)).toHaveCount(0);
  const prefs = await (await page.request.get('/api/user/pref')).json();
  // Bybit's url is the article's absolute http(s) address (here on the exchange's own origin).
  expect(JSON.parse(prefs.result.prefs['no-show-notice']).readedList.announcement).toEqual([new URL('/announcements/read-once', page.url()).href]);

  await fault(page, 'announcement', { scope, title: 'A newer one', url: '/announcements/newer', ageMs: 0 });
  await openAndAnswer(page);
  await expect(banner(page)).toContainText('A newer one', SHOWN);
});

test('announcement: an answer with a non-zero retCode shows no banner', async ({ page }) => {
  const scope = await faultScope(page);
  await fault(page, 'announcement', { scope, title: 'Never shown', url: '/announcements/never', ageMs: HOUR });
  await fault(page, 'rest', { path: '/v5/announcements/index', scope, fail: { status: 200, retCode: 10016, retMsg: 'Service unavailable' } });
  await openAndAnswer(page);
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/, { timeout: scaled(15_000) });
  await expect(banner(page)).toHaveCount(0);
});
