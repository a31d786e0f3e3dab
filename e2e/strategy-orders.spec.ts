import { createHmac } from 'node:crypto';
import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';
import { startTwapOf006Eth } from './support/tool-forms.ts';

// TWAP and iceberg from the Tools tab, followed in Strategy orders (issue 17 items 1, 5, 7). Each
// test signs up an account of its own; the TWAP buys small slices of ETH at the market.
test.describe.configure({ timeout: scaled(120_000) });

const XRW = { 'x-requested-with': 'e2e' };
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const toolForm = (page: Page, tool: string) => page.getByTestId(`tool-form-${tool}`);
const mainTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Trading modes' }).getByRole('tab', { name, exact: true });

async function openTool(page: Page, name: string): Promise<void> {
  await mainTab(page, 'Tools').click();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(mainTab(page, 'Trade')).toHaveAttribute('aria-selected', 'true');
}

async function strategyTab(page: Page, type: string): Promise<void> {
  await ordersRegion(page).getByRole('tab', { name: 'Strategy orders' }).click();
  await ordersRegion(page).getByRole('tablist', { name: 'Strategy types' }).getByRole('tab', { name: type }).click();
}

test('a TWAP started from its form shows in Strategy orders, its progress moves with each slice, and Stop ends it', async ({ page }) => {
  const name = await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  await openTool(page, 'TWAP');
  const form = toolForm(page, 'twap');
  // 10 slices of 0.006 ETH, one every 30 s: the test steps the exchange's strategy clock for the
  // next one (/faults/strategy-step), so it never waits on the interval.
  await startTwapOf006Eth(page, form);

  await strategyTab(page, 'TWAP');
  const progress = ordersRegion(page).getByTestId('strategy-progress');
  await expect(progress).toHaveText('0.00600 / 0.06000 ETH');
  // The next slice, stepped now, arrives by the strategy push.
  expect((await page.request.post('/faults/strategy-step', { data: { name } })).ok()).toBe(true);
  await expect(progress).toHaveText('0.01200 / 0.06000 ETH');
  const row = ordersRegion(page).getByTestId('strategy-table').locator('tbody tr').first();
  await expect(row).toContainText('ETH/USDT');
  await expect(row).toContainText('Running');
  await row.getByRole('button', { name: 'Orders' }).click();
  await expect(ordersRegion(page).locator('.strategy-orders__children tbody tr').first()).toContainText('Filled');
  // Filled / quantity at the pair's quantity places, as the strategy's row writes them (sixth walkthrough: "0.006 / 0.006 ETH" as sent).
  await expect(ordersRegion(page).locator('.strategy-orders__children tbody tr').first().getByRole('cell').nth(2)).toHaveText('0.00600 / 0.00600 ETH');

  await row.getByRole('button', { name: 'Stop' }).click();
  // One toast with what it filled, from the strategy's ending push (issue 32's walkthrough: only "Strategy stopped").
  await expect(page.getByTestId('toast').filter({ hasText: /^TWAP ended on ETH\/USDT \(Stopped by you\): Buy 0\.0120* ETH of 0\.060* ETH at an average [\d,.]+ USDT/ })).toBeVisible();
  await expect(ordersRegion(page).getByTestId('strategy-table')).toHaveCount(0);
  await ordersRegion(page).getByRole('radio', { name: 'History' }).click();
  await expect(ordersRegion(page).getByTestId('strategy-table').locator('tbody tr').first()).toContainText('Ended, not fully filled');
});

test('an iceberg shows one slice at a time in the open orders, at its limit price', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  const price = (last * 0.8).toFixed(2);
  await openTool(page, 'Iceberg');
  const form = toolForm(page, 'iceberg');
  await form.getByLabel('Total quantity').fill('0.01');
  await form.getByLabel('Visible quantity per order').fill('0.002');
  await form.getByLabel('Limit price').fill(price);
  await form.getByRole('button', { name: 'Start Iceberg' }).click();
  await page.getByRole('dialog', { name: 'Start Iceberg?' }).getByRole('button', { name: 'Start Iceberg' }).click();
  await expect(form.getByTestId('tool-result')).toHaveText('Iceberg started. Follow it under Strategy orders.');
  const open = await page.request.get('/v5/order/realtime?category=spot&symbol=ETHUSDT', { headers: XRW });
  const list = ((await open.json()) as { result: { list: Array<{ price: string; qty: string }> } }).result.list;
  expect(list.map((o) => [Number(o.price), Number(o.qty)])).toEqual([[Number(price), 0.002]]);
  // The tab shows the type just started, and keeps it across a visit to another orders tab (the
  // third walkthrough: it went back to TWAP and said "No strategies" beside the running iceberg).
  await ordersRegion(page).getByRole('tab', { name: 'Strategy orders' }).click();
  await expect(ordersRegion(page).getByTestId('strategy-progress')).toHaveText('0.00000 / 0.01000 ETH');
  await ordersRegion(page).getByRole('tab', { name: /^Open orders/ }).click();
  await ordersRegion(page).getByRole('tab', { name: 'Strategy orders' }).click();
  await expect(ordersRegion(page).getByRole('tablist', { name: 'Strategy types' }).getByRole('tab', { name: 'Iceberg' })).toHaveAttribute('aria-selected', 'true');
  await expect(ordersRegion(page).getByTestId('strategy-progress')).toHaveText('0.00000 / 0.01000 ETH');
  await ordersRegion(page).getByTestId('strategy-table').getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /^Iceberg ended on ETH\/USDT \(Stopped by you\): nothing of 0\.010* ETH filled/ })).toBeVisible();
  const after = await page.request.get('/v5/order/realtime?category=spot&symbol=ETHUSDT', { headers: XRW });
  expect(((await after.json()) as { result: { list: unknown[] } }).result.list).toHaveLength(0);
});

test('a slow Stop answer still tells what the iceberg filled (sixth walkthrough: only "Strategy stopped")', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const scope = await faultScope(page);
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  const r = (await (await page.request.post('/v5/strategy/create', {
    data: { category: 'UTA_SPOT', symbol: 'ETHUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.01', subSize: '0.002', limitPrice: (last * 0.8).toFixed(2), postOnly: 0 },
    headers: XRW,
  })).json()) as { retCode: number; retMsg: string };
  expect(r.retCode, r.retMsg).toBe(0);
  await strategyTab(page, 'Iceberg');
  await expect(ordersRegion(page).getByTestId('strategy-progress')).toHaveText('0.00000 / 0.01000 ETH');
  // The exchange answers the stop 5 s after it is sent: the wait for the ending push starts then.
  expect((await page.request.post('/faults/rest', { data: { path: '/v5/strategy/stop', delayMs: 5000, scope } })).ok()).toBe(true);
  const stop = ordersRegion(page).getByTestId('strategy-table').getByRole('button', { name: 'Stop' });
  await stop.click();
  // While the exchange has not answered, the button says it is busy and takes no second press.
  await expect(stop).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('toast').filter({ hasText: /^Iceberg ended on ETH\/USDT \(Stopped by you\): nothing of 0\.010* ETH filled/ })).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.getByTestId('toast').filter({ hasText: 'Strategy stopped' })).toHaveCount(0);
});

test('an iceberg\'s confirmation says post only, and that it will wait when priced through the book; started says it waits (sixth walkthrough)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  await openTool(page, 'Iceberg');
  const form = toolForm(page, 'iceberg');
  await form.getByLabel('Total quantity').fill('0.01');
  await form.getByLabel('Visible quantity per order').fill('0.002');
  await expect(form.getByLabel('Post only')).toBeChecked();
  const dialog = page.getByRole('dialog', { name: 'Start Iceberg?' });
  // Below the market: it rests, and post only is said.
  await form.getByLabel('Limit price').fill((last * 0.8).toFixed(2));
  await form.getByRole('button', { name: 'Start Iceberg' }).click();
  await expect(dialog).toContainText('Post only: each slice only rests in the book; it never trades at once.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // 20 % above the market (the shown book's best ask): it would take, so it waits.
  await form.getByLabel('Limit price').fill((last * 1.2).toFixed(2));
  await form.getByRole('button', { name: 'Start Iceberg' }).click();
  await expect(dialog).toContainText('Post only: at this price a slice would trade at once, so it will wait and place nothing until the price allows.');
  await dialog.getByRole('button', { name: 'Start Iceberg' }).click();
  await expect(form.getByTestId('tool-result')).toHaveText('Iceberg started. It is waiting: post only, the price is through the book. Follow it under Strategy orders.');
});

test('a chase started from the tools bar runs in Strategy orders, and Stop ends it (issue 32: it could not be created)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  // A buy chases the best bid up to 10 % above the last price (below the best bid it would end at once).
  const limit = (last * 1.1).toFixed(2);
  await openTool(page, 'Chase');
  const form = toolForm(page, 'chase');
  await form.getByLabel('Total quantity').fill('0.01');
  await form.getByLabel('Chase no further than').fill(limit);
  await form.getByLabel('Distance from the best price').fill('0.5');
  await form.getByRole('button', { name: 'Start Chase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start Chase?' });
  await expect(confirm).toContainText(`Buy 0.01 ETH with a limit order that follows the best price, no further than ${Number(limit).toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT.`);
  await expect(confirm).toContainText('It rests 0.5 USDT below the best bid.');
  await confirm.getByRole('button', { name: 'Start Chase' }).click();
  await expect(form.getByTestId('tool-result')).toHaveText('Chase started. Follow it under Strategy orders.');
  await strategyTab(page, 'Chase');
  const row = ordersRegion(page).getByTestId('strategy-table').locator('tbody tr').first();
  await expect(row).toContainText('ETH/USDT');
  await expect(row).toContainText('Running');
  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /^Chase ended on ETH\/USDT \(Stopped by you\): / })).toBeVisible();
});

test('a chase the exchange ends at once says so, with why, once; its history says why (fourth walkthrough: it said only "started")', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  // A buy that may chase no higher than half the last price: below the best bid, the exchange ends it as it starts.
  const limit = (last * 0.5).toFixed(2);
  await openTool(page, 'Chase');
  const form = toolForm(page, 'chase');
  await form.getByLabel('Total quantity').fill('0.01');
  await form.getByLabel('Chase no further than').fill(limit);
  await form.getByRole('button', { name: 'Start Chase' }).click();
  await expect(page.getByRole('dialog', { name: 'Start Chase?' })).toContainText('It rests at the best bid.');
  await page.getByRole('dialog', { name: 'Start Chase?' }).getByRole('button', { name: 'Start Chase' }).click();
  const ended = 'Chase ended on ETH/USDT (The price went past the chase limit): nothing of 0.01000 ETH filled';
  await expect(form.getByTestId('tool-result')).toHaveText(ended);
  const toasts = page.getByTestId('toast').filter({ hasText: ended });
  await expect(toasts).toHaveCount(1);
  const list = await page.request.get('/v5/strategy/list?category=UTA_SPOT&strategyType=chaseOrder', { headers: XRW });
  const row = ((await list.json()) as { result: { list: Array<{ status: number; terminateType: number }> } }).result.list[0]!;
  expect(row).toMatchObject({ status: 4, terminateType: 18 });
  await strategyTab(page, 'Chase');
  await ordersRegion(page).getByRole('radio', { name: 'History' }).click();
  const hist = ordersRegion(page).getByTestId('strategy-table').locator('tbody tr').first();
  await expect(hist).toContainText('ETH/USDT');
  await expect(hist.getByRole('cell').filter({ hasText: 'The price went past the chase limit' })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
});

test('the webhook: created from Strategy orders, its signed alert places an order, listed with its outcome', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/XRP/USDT');
  await strategyTab(page, 'Webhook');
  const panel = ordersRegion(page).getByTestId('webhook-panel');
  await expect(panel).toContainText('No webhook yet.');
  await panel.getByRole('button', { name: 'Create webhook' }).click();
  const url = (await panel.getByTestId('webhook-url').textContent())!;
  expect(url).toMatch(/\/webhook\/tv\/[A-Za-z0-9_-]+$/);
  const secret = (await panel.getByTestId('webhook-secret').textContent())!;
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(panel.getByTestId('webhook-secret')).not.toContainText(secret);
  // A TradingView-style alert, signed as the panel explains.
  const body = JSON.stringify({ id: 'e2e-1', symbol: 'XRPUSDT', side: 'Buy', orderType: 'Market', qty: '5', marketUnit: 'baseCoin' });
  const ts = String(Date.now());
  const res = await page.request.post(new URL(url).pathname, {
    data: body, headers: { 'content-type': 'application/json', 'x-tv-timestamp': ts, 'x-tv-signature': createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex') },
  });
  expect(res.status(), await res.text()).toBe(200);
  // The exchange's push of the alert's order: the page tells it like any order filled elsewhere.
  await expect(page.getByTestId('toast').filter({ hasText: /^Order filled: Buy 5 XRP at an average [\d,.]+ USDT on XRP\/USDT/ })).toBeVisible();
  await ordersRegion(page).getByRole('tablist', { name: 'Strategy types' }).getByRole('tab', { name: 'TWAP' }).click();
  await ordersRegion(page).getByRole('tablist', { name: 'Strategy types' }).getByRole('tab', { name: 'Webhook' }).click();
  await expect(panel.locator('tbody tr').first()).toContainText('e2e-1');
  await expect(panel.locator('tbody tr').first()).toContainText('Order placed');
});

test('Cancel all cancels the user\'s own orders and says so; a strategy\'s stay, and it is off while only theirs are open (fourth walkthrough)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  const price = (last * 0.8).toFixed(2);
  const rows = ordersRegion(page).locator('.orders-table tbody tr');
  const cancelAll = ordersRegion(page).getByRole('button', { name: 'Cancel all' });
  const post = async (path: string, data: Record<string, unknown>) => {
    const r = (await (await page.request.post(path, { data, headers: XRW })).json()) as { retCode: number; retMsg: string };
    expect(r.retCode, r.retMsg).toBe(0);
  };
  // An iceberg resting one slice below the market: its order is not the user's to cancel here.
  await post('/v5/strategy/create', { category: 'UTA_SPOT', symbol: 'ETHUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.01', subSize: '0.002', limitPrice: price, postOnly: 0 });
  await expect(rows).toHaveCount(1);
  await expect(cancelAll).toBeDisabled();
  // One of the user's own beside it: Cancel all says what it cancels and what stays, and does that.
  await post('/v5/order/create', { category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Limit', qty: '0.003', price });
  await expect(rows).toHaveCount(2);
  await expect(cancelAll).toBeEnabled();
  await cancelAll.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel all orders?' });
  await expect(dialog).toContainText('Your own open orders of this tab for ETH/USDT will be cancelled. Orders of grid bots and strategies stay.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('0.002');
  await expect(cancelAll).toBeDisabled();
});

test('a post-only iceberg priced through the book says in Strategy orders that it waits, and why (fourth walkthrough)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=ETHUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  // A buy 20 % above the market, post only: each slice would take, so the exchange places none.
  const r = (await (await page.request.post('/v5/strategy/create', {
    data: { category: 'UTA_SPOT', symbol: 'ETHUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.01', subSize: '0.002', limitPrice: (last * 1.2).toFixed(2), postOnly: 1 },
    headers: XRW,
  })).json()) as { retCode: number; retMsg: string };
  expect(r.retCode, r.retMsg).toBe(0);
  await strategyTab(page, 'Iceberg');
  await expect(ordersRegion(page).getByTestId('strategy-progress')).toHaveText('0.00000 / 0.01000 ETH');
  await expect(ordersRegion(page).getByTestId('strategy-wait')).toHaveText('· waiting: post only, the price is through the book');
});
