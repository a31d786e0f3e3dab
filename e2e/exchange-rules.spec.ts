import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

// Issue 34 item 1: rules the page had that could not fire, now driven by what the exchange sends
// (spec 4.7's notices, spec 8's trade-limit codes). Each test signs up its own account; XRP/USDT,
// which these tests never pause.
test.describe.configure({ timeout: scaled(60_000) });

const PATH = '/en/trade/spot/XRP/USDT';
const XRW = { 'x-requested-with': 'e2e' };
const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');

/** Waits until a toast whose text matches has been shown (toasts leave after 2.5 s: recorded as they come). */
async function toastShown(page: Page, text: RegExp): Promise<void> {
  await expect.poll(async () => (await toastTexts(page)).some((t) => text.test(t)), { timeout: scaled(15_000) }).toBe(true);
}

/** An order through the exchange with the page's session; its answer's result. */
async function create(page: Page, body: Record<string, unknown>): Promise<{ orderId: string }> {
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'XRPUSDT', ...body }, headers: XRW });
  const json = (await res.json()) as { retCode: number; retMsg: string; result: { orderId: string } };
  expect(json.retCode, json.retMsg).toBe(0);
  return json.result;
}

async function historyOf(page: Page, orderId: string): Promise<Record<string, unknown>> {
  const res = await page.request.get(`/v5/order/history?category=spot&orderId=${orderId}`, { headers: XRW });
  return ((await res.json()) as { result: { list: Array<Record<string, unknown>> } }).result.list[0] ?? {};
}

async function fault(page: Page, name: string, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/faults/${name}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a post-only buy that would take liquidity: cancelled with EC_PostOnlyWillTakeLiquidity as Bybit pushes it, and the page says so', async ({ page }) => {
  await recordToasts(page);
  await openAs(page, 'uta', PATH);
  const book = (await (await page.request.get('/v5/market/orderbook?category=spot&symbol=XRPUSDT&limit=1')).json()) as { result: { a: string[][] } };
  // 2 % over the best ask: it would take at once.
  const price = (Number(book.result.a[0]![0]) * 1.02).toFixed(4);
  const { orderId } = await create(page, { side: 'Buy', orderType: 'Limit', qty: '5', price, timeInForce: 'PostOnly' });
  await toastShown(page, /order cancelled by the system \(EC_PostOnlyWillTakeLiquidity\)/);
  expect(await historyOf(page, orderId)).toMatchObject({ orderStatus: 'Cancelled', rejectReason: 'EC_PostOnlyWillTakeLiquidity', timeInForce: 'PostOnly' });
});

test('trade-limit codes from the exchange (spec 8) say the limit, and the form places again once it is lifted', async ({ page }) => {
  await recordToasts(page);
  const name = await openAs(page, 'uta', PATH);
  const ticker = (await (await page.request.get('/v5/market/tickers?category=spot&symbol=XRPUSDT')).json()) as { result: { list: Array<{ lastPrice: string }> } };
  const price = (Number(ticker.result.list[0]!.lastPrice) * 0.8).toFixed(4);
  await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('5');
  const buy = orderForm(page).getByRole('button', { name: 'Buy XRP' });

  const said = orderForm(page).getByTestId('trade-limit');
  await fault(page, 'account-flags', { name, tradeLimitCode: 170348 });
  await buy.click();
  await toastShown(page, /You have reached the trading limit/);
  // The flag stays on the form (spec 8), after the toast has gone.
  await expect(said).toHaveText('You have reached the trading limit');
  await fault(page, 'account-flags', { name, tradeLimitCode: 32329 });
  await buy.click();
  await toastShown(page, /This feature is limited for standard accounts/);
  await expect(said).toHaveText(/You have reached the trading limit|This feature is limited for standard accounts/);
  await fault(page, 'account-flags', { name, tradeLimitCode: 0 });
  await buy.click();
  await toastShown(page, /Order placed/);
  await expect(said).toHaveCount(0);
});

test('closing a position at market sends a closing order; when the exchange rejects it the page says "market order failed" (spec 4.7)', async ({ page }) => {
  await recordToasts(page);
  const name = await openAs(page, 'uta', PATH);
  await create(page, { side: 'Buy', orderType: 'Market', qty: '5', marketUnit: 'baseCoin' });
  await ordersRegion(page).getByRole('tab', { name: 'Positions' }).click();
  const position = ordersRegion(page).getByTestId('position-XRPUSDT');
  await expect(position).toBeVisible({ timeout: scaled(15_000) });
  // The exchange's risk check rejects the close after accepting it.
  await fault(page, 'reject-orders', { name, reason: 'EC_NoImmediateQtyToFill' });
  const sent = page.waitForRequest((r) => r.url().endsWith('/v5/order/create') && r.method() === 'POST');
  await position.getByRole('button', { name: 'Close at market' }).click();
  await page.getByRole('dialog', { name: 'Close XRP/USDT at market?' }).getByRole('button', { name: 'Sell at market' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ side: 'Sell', orderType: 'Market', reduceOnly: 'true', closeOnTrigger: 'true' });
  await toastShown(page, /XRP.?USDT market order failed/);
});

test('risk cancels carry Bybit\'s cancel types, and the page names them: CancelByPmTrialMmOverEquity, CancelByReduceOnly', async ({ page }) => {
  await recordToasts(page);
  const name = await openAs(page, 'uta', PATH);
  for (const [path, data] of [['/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' }], ['/v5/spot-margin-trade/set-leverage', { leverage: '3' }]] as const) {
    const res = await page.request.post(path, { data, headers: XRW });
    expect(((await res.json()) as { retCode: number }).retCode).toBe(0);
  }
  const ticker = (await (await page.request.get('/v5/market/tickers?category=spot&symbol=XRPUSDT')).json()) as { result: { list: Array<{ lastPrice: string }> } };
  const last = Number(ticker.result.list[0]!.lastPrice);

  // A leveraged buy resting far below the market; the account overruns: the risk engine cancels it.
  const lev = await create(page, { side: 'Buy', orderType: 'Limit', qty: '5', price: (last * 0.7).toFixed(4), isLeverage: 1 });
  await fault(page, 'margin-risk', { name, state: 'OVERRUN' });
  await toastShown(page, /order cancelled by the system \(CancelByPmTrialMmOverEquity\)/);
  expect(await historyOf(page, lev.orderId)).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByPmTrialMmOverEquity' });
  await fault(page, 'margin-risk', { name, state: '' });

  // A short (5 XRP borrowed and sold), a reduce-only buy to close it, then a plain buy whose
  // proceeds repay the short: the reduce-only buy has nothing left to close.
  await create(page, { side: 'Sell', orderType: 'Market', qty: '5', marketUnit: 'baseCoin', isLeverage: 1 });
  const closing = await create(page, { side: 'Buy', orderType: 'Limit', qty: '5', price: (last * 0.7).toFixed(4), reduceOnly: true });
  await create(page, { side: 'Buy', orderType: 'Market', qty: '6', marketUnit: 'baseCoin' });
  await toastShown(page, /order cancelled by the system \(CancelByReduceOnly\)/);
  expect(await historyOf(page, closing.orderId)).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByReduceOnly', reduceOnly: true });
});

test('the leverage switch shows only on a pair the exchange trades on margin (instruments-info marginTrading)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  await expect(orderForm(page).getByRole('switch', { name: 'Leverage' })).toBeVisible();
  // SUI/USDT: marginTrading none (the pool does not lend SUI), so no switch and no isLeverage.
  await page.goto('/en/trade/spot/SUI/USDT');
  await expect(orderForm(page).getByRole('button', { name: 'Buy SUI' })).toBeVisible({ timeout: scaled(20_000) });
  await expect(orderForm(page).getByRole('switch', { name: 'Leverage' })).toHaveCount(0);
});
