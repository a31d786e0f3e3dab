import { expect, test, scaled } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// Issue 33 item 4: the chart says its time zone and switches between UTC, the browser's own zone
// and the exchange's (the account's time-zone setting); tables say the zone of their times.
test.describe.configure({ timeout: scaled(60_000) });
// A browser in Tokyo (UTC+9, no summer time), so that local time is not UTC.
test.use({ timezoneId: 'Asia/Tokyo' });

const PATH = '/en/trade/spot/ETH/USDT';
const HOUR = 3_600_000;

/** The legend's time ("2026-11-28 09:30") as epoch ms read as if it were UTC. */
const asUtc = (s: string) => Date.parse(`${s.replace(' ', 'T')}:00Z`);

test('the chart names its time zone and switches between UTC, local and the exchange’s; tables name theirs', async ({ page }) => {
  await signUp(page, 'uta');
  // The account's zone on the exchange (its time-zone setting): New York, UTC-5 in November.
  const base = String(test.info().project.use.baseURL);
  const set = await page.request.post('/api/user/pref', { data: { upsert_keys: { timeZone: 'America/New_York' } }, headers: { origin: base, 'x-requested-with': 'e2e' } });
  expect(set.ok(), await set.text()).toBe(true);
  await page.goto(PATH);

  // Spec 9's default: UTC, said in the chart's corner.
  const zoneButton = page.getByRole('button', { name: /^Chart time zone: / });
  await expect(zoneButton).toHaveAccessibleName('Chart time zone: UTC', { timeout: scaled(20_000) });
  await expect(zoneButton).toHaveText('UTC');
  const legendTime = page.getByTestId('chart-legend').locator('span').first();
  await expect(legendTime).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const utc = asUtc((await legendTime.textContent())!);

  await zoneButton.click();
  const menu = page.getByRole('menu', { name: 'Chart time zone' });
  await expect(menu.getByRole('menuitemradio')).toHaveText([/UTC$/, 'Local time (Asia/Tokyo, UTC+9)', 'Exchange time (America/New_York, UTC-5)']);
  await expect(menu.getByRole('menuitemradio', { name: 'UTC', exact: true })).toHaveAttribute('aria-checked', 'true');
  // Escape closes it, nothing chosen.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(zoneButton).toHaveText('UTC');

  // Local: the corner and the legend move nine hours on.
  await zoneButton.click();
  await menu.getByRole('menuitemradio', { name: /^Local time/ }).click();
  await expect(zoneButton).toHaveText('UTC+9');
  await expect(menu).toHaveCount(0);
  await expect.poll(async () => asUtc((await legendTime.textContent())!) - utc).toBeGreaterThanOrEqual(9 * HOUR);
  expect(asUtc((await legendTime.textContent())!) - utc).toBeLessThanOrEqual(9.5 * HOUR);

  // The exchange's: the account's zone.
  await zoneButton.click();
  await expect(menu.getByRole('menuitemradio', { name: /^Local time/ })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: /^Exchange time/ }).click();
  await expect(zoneButton).toHaveText('UTC-5');
  await expect.poll(async () => utc - asUtc((await legendTime.textContent())!)).toBeGreaterThanOrEqual(4.5 * HOUR);
  expect(utc - asUtc((await legendTime.textContent())!)).toBeLessThanOrEqual(5 * HOUR);

  // Kept across a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Chart time zone: / })).toHaveText('UTC-5', { timeout: scaled(20_000) });

  // The order history's times are in the browser's zone, and its header says so.
  const orders = page.locator('[data-region="orders"]');
  await orders.getByRole('tab', { name: /^Order history/ }).click();
  await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '0.01' }, headers: { 'x-requested-with': 'e2e' } });
  await expect(orders.getByRole('columnheader', { name: 'Time (UTC+9)' }).first()).toBeVisible({ timeout: scaled(15_000) });
});
