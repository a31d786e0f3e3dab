import { expect, test, scaled } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// Spec 4.17: page status follows the browser's online / offline events. Offline, a small notice
// says so and the page's polls wait (the order form's instrument-status read); back online, the
// notice goes and the read goes out again.
test.describe.configure({ timeout: scaled(60_000) });

const isStatusRead = (url: string) => new URL(url).pathname === '/v5/market/instruments-info';

test('offline shows a notice and polls wait; online hides it and the status read goes out again', async ({ page, context }) => {
  await signUp(page, 'uta');
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByRole('button', { name: /^Buy BTC/ })).toBeVisible({ timeout: scaled(20_000) });
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
  // The order form's status poll is running: its read goes out.
  await page.waitForRequest((r) => isStatusRead(r.url()), { timeout: scaled(20_000) });
  await expect(notice).toHaveCount(0);

  const triedOffline: string[] = [];
  page.on('requestfailed', (r) => {
    if (isStatusRead(r.url())) triedOffline.push(r.url());
  });
  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText('You are offline: prices and orders update again when the connection is back.');

  const back = page.waitForRequest((r) => isStatusRead(r.url()), { timeout: scaled(20_000) });
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await back;
  // No status read was tried (and failed) while the browser said it was offline.
  expect(triedOffline).toEqual([]);
});
