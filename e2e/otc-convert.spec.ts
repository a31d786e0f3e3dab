import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Spec 2.17's outbound tools (issue 17 item 4): OTC lands on the exchange's convert page, which
// quotes and converts from the account's balances; auto-invest and the future-spread link land on
// pages that say what they are. Each test signs up an account of its own.
test.describe.configure({ timeout: scaled(90_000) });

const XRW = { 'x-requested-with': 'e2e' };
const mainTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Trading modes' }).getByRole('tab', { name, exact: true });

async function wallet(page: Page, coin: string): Promise<number> {
  const res = await page.request.get(`/v5/account/wallet-balance?accountType=UNIFIED&coin=${coin}`, { headers: XRW });
  const body = (await res.json()) as { result: { list: Array<{ coin: Array<{ coin: string; walletBalance: string }> }> } };
  return Number(body.result.list[0]!.coin.find((c) => c.coin === coin)?.walletBalance ?? '0');
}

const guided = async (page: Page): Promise<boolean> =>
  ((await (await page.request.get('/api/otc/guided', { headers: XRW })).json()) as { result: { guided: boolean } }).result.guided;

test('OTC from the Tools tab: a new account gets the guide first, its end is recorded, then OTC goes straight to convert (spec 2.17, 7.5)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  expect(await guided(page)).toBe(false);
  await mainTab(page, 'Tools').click();
  const otc = page.getByRole('link', { name: 'OTC', exact: true });
  await otc.click();
  const guide = page.getByRole('dialog', { name: 'OTC trading' });
  await expect(guide).toContainText('outside the order book');
  // Not now: the guide closes, nothing is recorded, and the next click shows it again.
  await guide.getByRole('button', { name: 'Not now' }).click();
  await expect(guide).toBeHidden();
  expect(await guided(page)).toBe(false);
  await otc.click();
  await guide.getByRole('button', { name: 'Continue to OTC' }).click();
  await expect(page).toHaveURL(/\/user\/assets\/otc\/convert\?fromCoin=USDT&toCoin=BTC&source=spot_convert_block_trade$/);
  await expect(page.getByRole('heading', { name: 'Convert' })).toBeVisible();
  expect(await guided(page)).toBe(true);
  // Guided: the Tools link is the convert page itself, with no guide on the way.
  await page.goto('/en/trade/spot/BTC/USDT');
  await mainTab(page, 'Tools').click();
  await expect(otc).toHaveAttribute('href', /^\/user\/assets\/otc\/convert\?/);
  await otc.click();
  await expect(page).toHaveURL(/\/user\/assets\/otc\/convert\?fromCoin=USDT&toCoin=BTC&source=spot_convert_block_trade$/);
  await expect(page.getByRole('heading', { name: 'Convert' })).toBeVisible();
});

test('the OTC convert page quotes USDT to BTC and converts it from the balance', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  await page.goto('/user/assets/otc/index?fromCoin=USDT&toCoin=BTC&source=spot_convert_block_trade');
  await expect(page.getByRole('heading', { name: 'Convert' })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue('USDT');
  await expect(page.getByLabel('To')).toHaveValue('BTC');
  const usdt = await wallet(page, 'USDT');
  const btc = await wallet(page, 'BTC');
  // Below the 1 USDT minimum: refused, the form keeps what was typed.
  await page.getByLabel('Amount').fill('0.5');
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByRole('alert')).toContainText('below the minimum of 1 USDT');
  await expect(page.getByLabel('Amount')).toHaveValue('0.5');
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Get quote' }).click();
  const receive = await page.getByTestId('otc-receive').textContent();
  const got = Number(receive!.replace(' BTC', ''));
  expect(got).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Convert now' }).click();
  await expect(page.getByRole('heading', { name: 'Converted' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`100 USDT → ${receive!.replace(' BTC', '')} BTC`);
  expect(await wallet(page, 'USDT')).toBeCloseTo(usdt - 100, 6);
  expect(await wallet(page, 'BTC')).toBeCloseTo(btc + got, 8);
});

test('the auto-invest and copy-trading links land on pages that say what they are', async ({ page }) => {
  await page.goto('/fiat/trade/invest/home?source=spot&target=BTC&type=crypto');
  await expect(page.getByRole('heading', { name: 'Auto-invest' })).toBeVisible();
  await expect(page.getByText('The local exchange does not run it')).toBeVisible();
  await page.goto('/copyTrade/trade-center/leader');
  await expect(page.getByRole('heading', { name: 'Copy-trading leader centre' })).toBeVisible();
  await page.goto('/liquid-marketplace/future-spread');
  await expect(page.getByRole('heading', { name: 'Future spread' })).toBeVisible();
});
