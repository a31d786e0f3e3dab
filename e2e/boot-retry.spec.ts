// Issue #13 item 5: a request the page needs to start fails; the page heals by itself.
// (A permanent failure, which keeps the error screen, is covered by tests/state/boot-retry.test.ts.)
import { expect, test, scaled } from './support/test.ts';
import { faultScope } from './support/accounts.ts';

const PATH = '/v5/market/instruments-info';

test('a failed instruments-info retries by itself with a countdown, then the page shows the book', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  // The fault fails this test's own requests only (its fault-scope cookie), twice.
  const scope = await faultScope(page);
  const fail = { status: 503, retCode: 10016, retMsg: 'Internal System Error.' };
  expect((await page.request.post('/faults/rest', { data: { path: PATH, fail, times: 2, scope } })).ok()).toBe(true);
  await page.goto('/en/trade/spot/BTC/USDT');
  const retry = page.getByTestId('retry-status');
  await expect(retry.getByRole('status')).toHaveText(/^Connecting… \(attempt [2-9]\)$/);
  await expect(retry.getByRole('timer')).toHaveText(/^(Retrying in \d+ s|Retrying…)$/);
  await expect(retry).toContainText('Last error: Internal System Error.');
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  // The exchange answers again after two failures: nobody clicks anything.
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: scaled(20_000) });
  await expect(page.getByRole('region', { name: 'Symbol info', exact: true })).toContainText('BTC/USDT');
  await expect(page.getByTestId('retry-status')).toHaveCount(0);
});
