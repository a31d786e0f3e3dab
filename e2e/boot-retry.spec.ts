// Issue #13 item 5: a request the page needs to start fails; the page heals by itself.
// (A permanent failure, which keeps the error screen, is covered by tests/state/boot-retry.test.ts:
// a fault that never heals would strand every page another worker opens meanwhile.)
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const PATH = '/v5/market/instruments-info';

/**
 * REST faults are per path for the whole exchange, and copies of this test may run in both
 * workers (--repeat-each): one test at a time owns the instruments-info fault, or one copy's
 * clear would take away another copy's failure. (E2E_DATA is this run's own folder.)
 */
async function owningInstrumentsFault<T>(request: APIRequestContext, fail: { status: number; retCode: number; retMsg: string }, fn: () => Promise<T>): Promise<T> {
  const lock = join(process.env.E2E_DATA!, 'instruments-fault.lock');
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 60_000, message: 'waiting for the other copy to release the instruments-info fault' },
    )
    .toBe(true);
  try {
    // No `times`: the fault holds until this test saw its page fail, and is cleared right after,
    // so no other page can take the failure meant for this one.
    expect((await request.post('/faults/rest', { data: { path: PATH, fail } })).ok()).toBe(true);
    return await fn();
  } finally {
    await request.post('/faults/rest-clear', { data: { path: PATH } });
    rmSync(lock, { recursive: true, force: true });
  }
}

test('a failed instruments-info retries by itself with a countdown, then the page shows the book', async ({ page, request }) => {
  test.setTimeout(90_000);
  await owningInstrumentsFault(request, { status: 503, retCode: 10016, retMsg: 'Internal System Error.' }, async () => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const retry = page.getByTestId('retry-status');
    await expect(retry.getByRole('status')).toHaveText(/^Connecting… \(attempt [2-9]\)$/);
    await expect(retry.getByRole('timer')).toHaveText(/^(Retrying in \d+ s|Retrying…)$/);
    await expect(retry).toContainText('Last error: Internal System Error.');
    await expect(page.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  });
  // The exchange answers again: nobody clicks anything.
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Symbol info', exact: true })).toContainText('BTC/USDT');
  await expect(page.getByTestId('retry-status')).toHaveCount(0);
});
