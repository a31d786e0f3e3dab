import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs, signUp } from './support/accounts.ts';
import { serveFills } from './support/fills.ts';

// Issue 15 item 10, the chart's data against the local exchange: average lines (spec 7.3, 9), the
// trade-history window (9), the layout calls (7.1) and the rebuild after a synced layout (4.10),
// the risk disclaimer before a chart quick order (5.4). Each test signs up accounts of its own.
test.describe.configure({ timeout: scaled(90_000) });
test.use({ viewport: { width: 1280, height: 1000 } });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };
const DAY = 86_400_000;
const summary = (page: Page) => page.getByTestId('chart-summary');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chart tools' });

/** One made-up SOL/USDT buy (value = price × qty), `daysAgo` days back. */
function buy(id: string, price: number, qty: number, daysAgo: number) {
  return {
    category: 'spot', symbol: 'SOLUSDT', execId: `e2e-${id}`, orderId: `e2e-o-${id}`, side: 'Buy', orderType: 'Limit', execPrice: String(price), execQty: String(qty),
    execValue: String(price * qty), execFee: '0.001', feeCurrency: 'SOL', isMaker: true, execTime: String(Date.now() - daysAgo * DAY),
  };
}

async function openDisplayMenu(page: Page) {
  await toolbar(page).getByRole('button', { name: 'Display' }).click();
  return page.getByRole('group', { name: 'Display' });
}

test('average buy line: 7 days by default, and at most 90 days for a classic account (spec 7.3, 9)', async ({ page }) => {
  // Buys 1, 50 and 100 days ago at 100, 200 and 1000.
  await serveFills(page, [buy('a', 100, 1, 1), buy('b', 200, 1, 50), buy('c', 1000, 1, 100)]);
  await openAs(page, 'classic', PATH);
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  const menu = await openDisplayMenu(page);
  await menu.getByRole('checkbox', { name: 'Show average buy price line' }).check();
  const ranges = menu.getByRole('radiogroup', { name: 'Average buy price over' });
  await expect(ranges.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByTestId('chart-avg-buy')).toHaveText('Avg. buy 100.00 (7 days)', { timeout: scaled(15_000) });
  // One year asked for: a classic account averages the last 90 days, and the label says so.
  await ranges.getByRole('radio', { name: '1 year' }).click();
  await expect(page.getByTestId('chart-avg-buy')).toHaveText('Avg. buy 150.00 (90 days)', { timeout: scaled(15_000) });
});

test('the chart trade history lists the executions of the last 90 days (spec 9)', async ({ page }) => {
  await serveFills(page, [buy('new', 101, 2, 2), buy('sixty', 123.45, 3, 60), buy('old', 99, 1, 95)]);
  await openAs(page, 'uta', PATH);
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  const menu = await openDisplayMenu(page);
  await menu.getByRole('button', { name: 'Trade history' }).click();
  const modal = page.getByRole('dialog', { name: 'Trade history' });
  // Header, the buy of 2 days ago and the one of 60 days ago; not the one of 95 days ago.
  await expect(modal.getByRole('row')).toHaveCount(3, { timeout: scaled(15_000) });
  await expect(modal.getByRole('cell', { name: '123.45', exact: true })).toBeVisible();
  await expect(modal.getByRole('cell', { name: '99.00', exact: true })).toHaveCount(0);
});

test('a layout synced from the account comes over /spot/api/account and rebuilds the chart (spec 7.1, 4.10)', async ({ page }) => {
  await signUp(page, 'uta');
  const origin = String(test.info().project.use.baseURL);
  // A layout saved an hour "later" than anything local, with the default interval: only the rule of
  // 4.10 reloads the candles, not an interval change.
  const kline = JSON.stringify({ version: Date.now() + 3_600_000, saveData: { interval: '30', display: { avgSell: true } } });
  const set = await page.request.post('/spot/api/account/set_kline_config', { data: { kline }, headers: { ...XRW, origin } });
  expect(((await set.json()) as { code: number }).code).toBe(0);
  const candleReads: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/v5/market/kline' && u.searchParams.get('symbol') === 'SOLUSDT' && !u.searchParams.has('end')) candleReads.push(u.search);
  });
  const layoutRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/spot/api/account/get_kline_config');
  await page.goto(PATH);
  expect((await layoutRead).ok()).toBe(true);
  // The layout applied (its display flag is on in the menu) and the candles were read again.
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  await expect.poll(() => candleReads.length, { timeout: scaled(15_000) }).toBeGreaterThanOrEqual(2);
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  const menu = await openDisplayMenu(page);
  await expect(menu.getByRole('checkbox', { name: 'Show average sell price line' })).toBeChecked();
});

test('a chart quick order on an innovation-zone pair asks for the risk disclaimer first (spec 5.4)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/PEPE/USDT');
  // Some PEPE, so that the quick order may be a sell as well as a buy.
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'PEPEUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '400000' }, headers: XRW });
  expect(((await res.json()) as { retMsg: string }).retMsg).toBe('OK');
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.45);
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height * 0.5);
  await page.getByRole('button', { name: 'Quick limit order at this price' }).click();
  const ticket = page.getByRole('dialog', { name: /^Limit price (buy|sell) at / });
  await expect(ticket).toBeVisible();
  const side = (await ticket.getAttribute('aria-label'))!.includes('buy') ? 'Buy' : 'Sell';
  await ticket.getByLabel('Quantity').fill('200000');
  await ticket.getByRole('button', { name: `${side} PEPE` }).click();
  const disclaimer = page.getByRole('dialog', { name: 'Risk disclaimer' });
  await expect(disclaimer).toContainText('innovation-zone tokens');
  // Nothing was sent before the disclaimer is accepted.
  const before = await page.request.get('/v5/order/realtime?category=spot&symbol=PEPEUSDT&openOnly=0&limit=50', { headers: XRW });
  expect(((await before.json()) as { result: { list: unknown[] } }).result.list).toHaveLength(0);
  await disclaimer.getByRole('button', { name: 'I understand, continue' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Order successful' }).filter({ hasText: `Order placed: ${side} 200,000 PEPE` })).toBeVisible();
  await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: 'PEPEUSDT' }, headers: XRW });
});

test('logging in fetches the user\'s time zone and that day\'s open prices; a visitor fetches neither (spec 6, 7.1)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/spot/api/account/time_zone' || u.pathname === '/v5/market/open-price') asked.push(`${u.pathname}${u.search}`);
  });
  await page.goto(PATH);
  // The page knows it has a visitor once it offers to log in.
  await expect(page.locator('[data-region="forms"]').getByRole('link', { name: 'Log in' })).toBeVisible({ timeout: scaled(20_000) });
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  expect(asked).toEqual([]);

  await signUp(page, 'uta');
  const origin = String(test.info().project.use.baseURL);
  const pref = await page.request.post('/api/user/pref', { data: { upsert_keys: { timeZone: 'Asia/Tokyo' } }, headers: { ...XRW, origin } });
  expect(pref.ok()).toBe(true);
  const prices = page.waitForResponse((r) => new URL(r.url()).pathname === '/v5/market/open-price');
  await page.goto(PATH);
  const answer = (await (await prices).json()) as { retCode: number; result: { data: Array<{ symbol: string }> } };
  expect(answer.retCode).toBe(0);
  expect(answer.result.data.map((d) => d.symbol)).toContain('SOLUSDT');
  expect(asked).toEqual(['/spot/api/account/time_zone', '/v5/market/open-price?category=spot&timeZone=Asia%2FTokyo']);
});
