import { expect, test } from '@playwright/test';
import { faultScope } from './support/accounts.ts';

// Issue 15 item 10, the order form / tables / notices half: each test shows one place where the
// page follows the spec's letter against the local exchange.
test.describe.configure({ timeout: 60_000 });

test.describe('symbol notice types (spec 3, 4.1)', () => {
  test('types 1 and 2 count down; type 3 shows the pending icon instead of the clock', async ({ page }) => {
    const scope = await faultScope(page);
    const setType = async (noticeType: number) => {
      const res = await page.request.post('/faults/notice-type', { data: { symbol: 'NEWUSDT', noticeType, scope } });
      expect(res.ok(), await res.text()).toBe(true);
    };
    await setType(2);
    await page.goto('/en/trade/spot/NEW/USDT');
    const mask = page.getByTestId('chart-countdown');
    await expect(mask.getByRole('timer')).toBeVisible({ timeout: 15_000 });
    await expect(mask.getByTestId('chart-pending')).toHaveCount(0);

    await setType(3);
    await page.reload();
    await expect(mask.getByTestId('chart-pending')).toHaveText('Opening time pending', { timeout: 15_000 });
    await expect(mask.getByRole('timer')).toHaveCount(0);
    await expect(mask.getByRole('heading', { name: 'Opening countdown' })).toBeVisible();
  });
});
