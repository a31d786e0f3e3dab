import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

// Issue 15 item 10, the order form / tables / notices half: each test shows one place where the
// page follows the spec's letter against the local exchange.
test.describe.configure({ timeout: scaled(60_000) });

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
    await expect(mask.getByRole('timer')).toBeVisible({ timeout: scaled(15_000) });
    await expect(mask.getByTestId('chart-pending')).toHaveCount(0);

    await setType(3);
    await page.reload();
    await expect(mask.getByTestId('chart-pending')).toHaveText('Opening time pending', { timeout: scaled(15_000) });
    await expect(mask.getByRole('timer')).toHaveCount(0);
    await expect(mask.getByRole('heading', { name: 'Opening countdown' })).toBeVisible();
  });
});

const forms = (page: Page) => page.locator('[data-region="forms"]');
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const rows = (page: Page) => ordersRegion(page).locator('.orders-table tbody tr');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const XRW = { 'x-requested-with': 'e2e' };

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  const body = (await res.json()) as { result: { list: Array<{ lastPrice: string }> } };
  return Number(body.result.list[0]!.lastPrice);
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = orderForm(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

/** The account's open orders as the exchange lists them (the page's session authenticates). */
async function openOrdersOf(page: Page, symbol: string, orderFilter: string): Promise<Array<Record<string, string>>> {
  const res = await page.request.get(`/v5/order/realtime?category=spot&symbol=${symbol}&orderFilter=${orderFilter}`, { headers: XRW });
  const body = (await res.json()) as { retCode: number; result: { list: Array<Record<string, string>> } };
  expect(body.retCode).toBe(0);
  return body.result.list;
}

test.describe('trailing-stop edits (spec 5.5)', () => {
  test('the modify dialog of a trailing stop changes its retracement rate, or turns it into a distance', async ({ page }) => {
    await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
    await page.request.post('/api/user/pref', { data: { upsert_keys: { 'tradeGuide.trailing': 'read' } }, headers: XRW });
    const last = await lastPrice(page, 'XRPUSDT');
    // A buy (the new account holds only USDT), activating far below the market.
    await orderForm(page).getByLabel('Order type').selectOption('trailing');
    await fill(page, 'Retracement rate', '5');
    await fill(page, 'Activation price', (last * 0.7).toFixed(4));
    await fill(page, 'Quantity', '5');
    await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
    await expect(toast(page, 'Order placed').first()).toBeVisible();
    await ordersRegion(page).getByRole('tab', { name: 'Conditional order (1)' }).click();
    await expect(rows(page).first()).toContainText('Trailing stop');

    const dialog = page.getByRole('dialog', { name: 'Modify XRP/USDT order' });
    // The rate: 5 % becomes 7.5 %.
    await rows(page).first().getByRole('button', { name: /^Modify order/ }).click();
    await expect(dialog.getByLabel('Retracement rate', { exact: true })).toHaveValue('5');
    await dialog.getByLabel('Retracement rate', { exact: true }).fill('7.5');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await openOrdersOf(page, 'XRPUSDT', 'StopOrder'))[0]?.trailingValue).toBe('7.5%');

    // An empty value is refused before anything is sent; a distance replaces the rate.
    await rows(page).first().getByRole('button', { name: /^Modify order/ }).click();
    await dialog.getByRole('radiogroup', { name: 'Trailing by' }).getByRole('radio', { name: 'Retracement distance' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Please enter the retracement').first()).toBeVisible();
    await dialog.getByLabel('Retracement distance', { exact: true }).fill('0.01');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await openOrdersOf(page, 'XRPUSDT', 'StopOrder'))[0]?.trailingValue).toMatch(/^0\.010*$/);
  });
});

test.describe('the default quote coin (spec 2.1, 2.17)', () => {
  test('the default pair and the OTC link use the stored default quote, not the pair on screen', async ({ page }) => {
    // A page of the origin that is not a pair page, so nothing stores a quote meanwhile.
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('spot.defaultQuote', JSON.stringify('USDC')));
    await page.goto('/trade/spot/');
    await expect(page).toHaveURL(/\/en\/trade\/spot\/BTC\/USDC$/);

    // ETH/BTC: BTC does not trade against BTC, so opening it keeps the stored USDT.
    await page.evaluate(() => localStorage.setItem('spot.defaultQuote', JSON.stringify('USDT')));
    await page.goto('/en/trade/spot/ETH/BTC');
    await page.getByRole('tab', { name: 'Tools' }).click();
    const otc = page.getByRole('list', { name: 'Tools' }).getByRole('link', { name: 'OTC' });
    await expect(otc).toHaveAttribute('href', /[?&]fromCoin=USDT(&|$)/);
    await expect(otc).toHaveAttribute('href', /[?&]toCoin=BTC(&|$)/);
    expect(await page.evaluate(() => localStorage.getItem('spot.defaultQuote'))).toBe('"USDT"');
  });
});

test.describe('the full-screen notice dialog (spec 2.7)', () => {
  // Wide enough for Full screen to sit in the chart toolbar's strip (narrower, it folds into ⋯;
  // from 1700 px the right-hand column takes its share of the width).
  test.use({ viewport: { width: 2560, height: 1440 } });
  test('a fill while the chart is full screen is listed inside it with the trade columns', async ({ page }) => {
    await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
    await page.getByRole('region', { name: 'Chart' }).getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    // The order form is outside the full-screen chart: the order goes in through the exchange.
    const res = await page.request.post('/v5/order/create', {
      data: { category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Market', qty: '0.01', marketUnit: 'baseCoin' },
      headers: XRW,
    });
    expect(((await res.json()) as { retCode: number }).retCode).toBe(0);
    const notice = page.getByRole('dialog', { name: 'Orders filled' });
    await expect(notice).toBeVisible();
    const headers = await notice.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Order type', 'Deal price', 'Quantity', 'Filled value', 'Trading fee', 'Transaction time (UTC)']);
    await expect(notice.getByRole('row').nth(1)).toContainText('ETH/USDT Buy Market');
    // A market order may fill in several trades: the listed quantities add up to the 0.01 ordered.
    const filled = () =>
      notice.getByRole('row').evaluateAll((rows) => rows.slice(1).reduce((sum, r) => sum + Number(r.querySelectorAll('td')[2]?.textContent?.replace(/,/g, '') ?? 0), 0));
    await expect.poll(async () => Math.round((await filled()) * 1e8) / 1e8).toBe(0.01);
    // Placed inside the full-screen element, the only part of the page that shows.
    expect(await page.evaluate(() => document.fullscreenElement!.querySelector('[role="dialog"]') !== null)).toBe(true);
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('order-type guides (spec 2.7)', () => {
  /** Makes the guide new again for this account, as for a first visit. */
  async function freshGuide(page: Page, guide: 'oco' | 'trailing'): Promise<void> {
    await page.request.post('/api/user/pref', { data: { upsert_keys: { [`tradeGuide.${guide}`]: 'new' } }, headers: XRW });
    await page.evaluate(() => localStorage.removeItem('spot.trade.guide'));
    await page.reload();
  }

  test('the OCO guide gives buy steps on the buy side and sell steps on the sell side; the trailing guide its three steps', async ({ page }) => {
    await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
    const guide = page.getByRole('dialog', { name: 'How OCO orders work' });

    await freshGuide(page, 'oco');
    await orderForm(page).getByLabel('Order type').selectOption('oco');
    await expect(guide.getByRole('heading', { name: 'Take profit: buy lower' })).toBeVisible();
    await expect(guide).toContainText('at or below the last price');
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(guide.getByRole('heading', { name: 'Stop loss: buy on a rise' })).toBeVisible();
    await guide.getByRole('button', { name: 'Close' }).click();
    await expect(guide).toHaveCount(0);

    await freshGuide(page, 'oco');
    await orderForm(page).getByRole('tab', { name: 'Sell' }).click();
    await orderForm(page).getByLabel('Order type').selectOption('oco');
    await expect(guide.getByRole('heading', { name: 'Take profit: sell higher' })).toBeVisible();
    await expect(guide).toContainText('at or above the last price');
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(guide.getByRole('heading', { name: 'Stop loss: sell on a fall' })).toBeVisible();
    await guide.getByRole('button', { name: 'Close' }).click();

    await freshGuide(page, 'trailing');
    await orderForm(page).getByLabel('Order type').selectOption('trailing');
    const trailing = page.getByRole('dialog', { name: 'How trailing stops work' });
    const headings: string[] = [];
    for (let i = 0; i < 3; i++) {
      await expect(trailing).toContainText(`${i + 1}/3`);
      headings.push((await trailing.getByRole('heading', { level: 3 }).textContent()) ?? '');
      await trailing.getByRole('button', { name: i < 2 ? 'Next' : 'Done' }).click();
    }
    expect(headings).toEqual(['Trailing stop order', 'Retracement rate or distance', 'Activation price']);
    await expect(trailing).toHaveCount(0);
  });
});

test.describe('OCO trigger states in the tables (spec 3)', () => {
  test('an OCO order shows untriggered, triggered by take profit or triggered by stop loss', async ({ page }) => {
    await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
    const last = await lastPrice(page, 'XRPUSDT');
    const p = (f: number) => (last * f).toFixed(4);
    // Buy OCOs placed through the exchange: the one whose take-profit trigger is above the last
    // price triggers at once by take profit, the one whose stop-loss trigger is below it by stop
    // loss; each triggered leg is a limit buy far below the market, so it waits in the list.
    const oco = async (takeProfit: string, stopLoss: string, limits: Record<string, string>) => {
      const res = await page.request.post('/v5/order/create', {
        data: { category: 'spot', symbol: 'XRPUSDT', side: 'Buy', orderType: 'Limit', price: p(0.7), qty: '5', orderFilter: 'OcoOrder', takeProfit, stopLoss, ...limits },
        headers: XRW,
      });
      const body = (await res.json()) as { retCode: number; retMsg: string; result: { orderId: string } };
      expect(body.retCode, body.retMsg).toBe(0);
      return body.result.orderId;
    };
    const waiting = await oco(p(0.8), p(1.2), { tpLimitPrice: p(0.7), slLimitPrice: p(0.7) });
    const byTp = await oco(p(1.05), p(1.1), { tpLimitPrice: p(0.7) });
    const bySl = await oco(p(0.9), p(0.95), { slLimitPrice: p(0.7) });
    const row = (id: string) => ordersRegion(page).locator(`.orders-table tbody tr[data-order-id="${id}"]`);
    await ordersRegion(page).getByRole('tab', { name: 'OCO (1)' }).click();
    await expect(row(waiting).locator('[data-oco-state]')).toHaveText('Untriggered');
    // A triggered OCO has left the waiting list; the order history shows how it triggered.
    await ordersRegion(page).getByRole('tab', { name: 'Order history' }).click();
    await ordersRegion(page).getByRole('tab', { name: 'OCO', exact: true }).click();
    await expect(row(byTp).locator('[data-oco-state]')).toHaveText('Triggered by take profit');
    await expect(row(bySl).locator('[data-oco-state]')).toHaveText('Triggered by stop loss');
    await expect(row(waiting).locator('[data-oco-state]')).toHaveText('Untriggered');
  });
});

test.describe('the special-trade-origin filter (spec 3)', () => {
  test('the tables list ordinary orders by default, block trades or all on request', async ({ page }) => {
    const name = await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
    const last = await lastPrice(page, 'ETHUSDT');
    const create = async (data: Record<string, string>) => {
      const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'ETHUSDT', side: 'Buy', qty: '0.01', ...data }, headers: XRW });
      const body = (await res.json()) as { retCode: number; retMsg: string; result: { orderId: string } };
      expect(body.retCode, body.retMsg).toBe(0);
      return body.result.orderId;
    };
    // The exchange makes this account's next two orders block trades: a resting limit and a fill.
    expect((await page.request.post('/faults/order-origin', { data: { name, origin: 'blockTrade', times: 2 } })).ok()).toBe(true);
    const blockLimit = await create({ orderType: 'Limit', price: (last * 0.7).toFixed(2) });
    const blockFill = await create({ orderType: 'Market', marketUnit: 'baseCoin' });
    const ordinaryLimit = await create({ orderType: 'Limit', price: (last * 0.7).toFixed(2) });
    const ordinaryFill = await create({ orderType: 'Market', marketUnit: 'baseCoin' });

    const origin = ordersRegion(page).getByRole('combobox', { name: 'Trade origin' });
    // The orders behind the rows, once each (a market order may fill in several trades).
    const ids = () => rows(page).evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-order-id')))].sort());
    await expect(origin).toHaveValue('ordinary');
    await expect.poll(ids).toEqual([ordinaryLimit]);
    await origin.selectOption('blockTrade');
    await expect.poll(ids).toEqual([blockLimit]);
    await origin.selectOption('all');
    await expect.poll(ids).toEqual([blockLimit, ordinaryLimit].sort());
    await expect(ordersRegion(page).getByRole('tab', { name: 'Open orders (2)' })).toBeVisible();

    await ordersRegion(page).getByRole('tab', { name: 'Trade history' }).click();
    await expect.poll(ids).toEqual([blockFill, ordinaryFill].sort());
    await origin.selectOption('blockTrade');
    await expect.poll(ids).toEqual([blockFill]);
    await origin.selectOption('ordinary');
    await expect.poll(ids).toEqual([ordinaryFill]);
  });
});

test.describe('future-spread executions (spec 4.7)', () => {
  test('a future-spread fill shows one success toast with its fill', async ({ page }) => {
    await recordToasts(page);
    const name = await openAs(page, 'uta', '/en/trade/spot/ETH/USDT');
    // The fill is told by the private stream's push: the order goes in once the exchange has
    // acknowledged the stream's subscription (open is not enough: under load the order went in
    // between the open and the subscription, and its push went nowhere).
    await expect.poll(() => page.evaluate(() => window.__spotDebug!.privateSubscribed())).toBe(true);
    expect((await page.request.post('/faults/order-origin', { data: { name, origin: 'futureSpread' } })).ok()).toBe(true);
    const res = await page.request.post('/v5/order/create', {
      data: { category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Market', qty: '0.01', marketUnit: 'baseCoin' },
      headers: XRW,
    });
    const body = (await res.json()) as { retCode: number; result: { orderId: string } };
    expect(body.retCode).toBe(0);
    // Read from the page's record of toasts: a toast lasts 2.5 s, which a loaded machine can miss.
    await expect.poll(async () => (await toastTexts(page)).some((t) => /^Future spread executed: ETH\/USDT Buy 0\.01\d* at [\d.,]+/.test(t))).toBe(true);
    // Once the fill is in the trade history every push of it has come: the order's own push did
    // not toast it again as an ordinary fill.
    await ordersRegion(page).getByRole('tab', { name: 'Trade history' }).click();
    await expect(rows(page).first()).toHaveAttribute('data-order-id', body.result.orderId);
    await expect.poll(() => page.evaluate(() => window.__spotDebug!.pendingPushWaits())).toBe(0);
    const texts = await toastTexts(page);
    const pairToasts = texts.filter((t) => t.includes('ETH/USDT'));
    expect(pairToasts.length).toBeGreaterThan(0);
    expect(pairToasts.filter((t) => !t.startsWith('Future spread executed')), pairToasts.join(' | ')).toEqual([]);
  });
});

test.describe("the OCO sub-tab's compliance flags (spec 2.12, 6)", () => {
  test('compliance hides the OCO sub-tab of current and of historical orders, each by its own flag', async ({ page }) => {
    // The exchange's compliance config, for this browser context only.
    const scope = await faultScope(page);
    await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
    const oco = ordersRegion(page).getByRole('tab', { name: /^OCO/ });
    await expect(oco).toHaveCount(1);
    await page.request.post('/faults/compliance', { data: { scope, ocoCurrent: false } });
    await page.reload();
    await expect(ordersRegion(page).getByRole('tab', { name: /^Limit and market orders/ })).toHaveAttribute('aria-selected', 'true');
    await expect(oco).toHaveCount(0);
    await ordersRegion(page).getByRole('tab', { name: 'Order history' }).click();
    await expect(oco).toHaveCount(1);
    await page.request.post('/faults/compliance', { data: { scope, ocoHistory: false } });
    await page.reload();
    await ordersRegion(page).getByRole('tab', { name: 'Order history' }).click();
    await expect(ordersRegion(page).getByRole('tab', { name: 'Conditional order' })).toBeVisible();
    await expect(oco).toHaveCount(0);
  });
});
