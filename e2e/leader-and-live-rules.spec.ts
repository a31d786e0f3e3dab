import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs, signUp, twoFrames } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

// Issue 34 (help-34-b): rules driven through the local exchange — the order form following a ban
// or a suspension without a reload (4.4, 7.7), the "turn on leverage" tip (5.1), grid bots and the
// leader centre for copy-trading leaders (5.13, 2.17), the phase-out article (2.17), the day's
// change in the user's zone (6, 7.1) and fiat values in the chosen currency (2.10). Each test signs
// up its own account; faults on a symbol are scoped to the test's own browser.
test.describe.configure({ timeout: scaled(90_000) });

const XRW = { 'x-requested-with': 'e2e' };
const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const mainTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Trading modes' }).getByRole('tab', { name, exact: true });
const toolNames = async (page: Page) => (await page.locator('.tools-panel__item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tool))).sort();

async function fault(page: Page, name: string, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/faults/${name}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

async function createCode(page: Page, body: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', ...body }, headers: XRW });
  return ((await res.json()) as { retCode: number }).retCode;
}

test('a side ban and a suspension reach the open order form without a reload; the exchange refuses meanwhile (spec 4.4, 7.7)', async ({ page }) => {
  const scope = await faultScope(page);
  await openAs(page, 'uta', '/en/trade/spot/XRP/USDT');
  const price = ((await lastPrice(page, 'XRPUSDT')) * 0.8).toFixed(4);
  await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('5');
  const buy = orderForm(page).getByRole('button', { name: 'Buy XRP' });
  await expect(buy).toBeEnabled();
  let navigations = 0;
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);
  try {
    await fault(page, 'ban-side', { symbol: 'XRPUSDT', buy: true, scope });
    await expect(orderForm(page).getByTestId('side-banned')).toHaveText('This side is not available for this pair right now', { timeout: scaled(20_000) });
    await expect(buy).toBeDisabled();
    expect(await createCode(page, { symbol: 'XRPUSDT', side: 'Buy', orderType: 'Limit', qty: '5', price })).not.toBe(0);
    await fault(page, 'ban-side', { symbol: 'XRPUSDT', buy: false, scope });
    await expect(buy).toBeEnabled({ timeout: scaled(20_000) });

    await fault(page, 'suspend', { symbol: 'XRPUSDT', suspended: true, scope });
    await expect(orderForm(page).getByTestId('market-not-open')).toHaveText('Trading on this pair has stopped. Orders cannot be placed.', { timeout: scaled(20_000) });
    await expect(buy).toBeDisabled();
    expect(await createCode(page, { symbol: 'XRPUSDT', side: 'Buy', orderType: 'Limit', qty: '5', price })).not.toBe(0);
    await fault(page, 'suspend', { symbol: 'XRPUSDT', suspended: false, scope });
    await expect(buy).toBeEnabled({ timeout: scaled(20_000) });
    await expect(orderForm(page).getByTestId('market-not-open')).toHaveCount(0);
    expect(navigations).toBe(0);
  } finally {
    await fault(page, 'ban-side', { symbol: 'XRPUSDT', buy: false, scope });
    await fault(page, 'suspend', { symbol: 'XRPUSDT', suspended: false, scope });
  }
});

test('"turn on leverage": a borrowing order with the exchange\'s spot margin on and the switch off is not sent (spec 5.1)', async ({ page }) => {
  await recordToasts(page);
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const tip = orderForm(page).getByTestId('leverage-off-tip');
  const price = ((await lastPrice(page, 'SOLUSDT')) * 0.9).toFixed(2);
  const fillOrder = async (qty: string) => {
    await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
    await orderForm(page).getByLabel('Quantity', { exact: true }).fill(qty);
  };
  // Spot margin off on the exchange: more than the balance is just more than the balance.
  await expect(orderForm(page).getByRole('switch', { name: 'Leverage' })).toBeVisible();
  await fillOrder('1000');
  await twoFrames(page);
  await expect(tip).toHaveCount(0);

  // The account confirmed leverage trading on the exchange (spot margin on); the page's switch starts off.
  const on = await page.request.post('/v5/spot-margin-trade/switch-mode', { data: { spotMarginMode: '1' }, headers: XRW });
  expect(((await on.json()) as { retCode: number }).retCode).toBe(0);
  await page.reload();
  await expect(orderForm(page).getByRole('switch', { name: 'Leverage' })).not.toBeChecked({ timeout: scaled(20_000) });
  await fillOrder('1000');
  await expect(tip).toHaveText('Turn on leverage to trade with borrowed funds.');
  await orderForm(page).getByRole('button', { name: 'Buy SOL' }).click();
  await expect.poll(async () => (await toastTexts(page)).some((t) => t.includes('Turn on leverage to trade with borrowed funds.'))).toBe(true);
  const open = await page.request.get('/v5/order/realtime?category=spot&symbol=SOLUSDT', { headers: XRW });
  expect(((await open.json()) as { result: { list: unknown[] } }).result.list).toHaveLength(0);
  // Within the balance it is no leverage trade.
  await fillOrder('1');
  await expect(tip).toHaveCount(0);
});

test('copy-trading leaders keep grid bots and get the leader centre; a leader\'s sub-account has no grid bot, and the exchange refuses it (spec 5.13, 2.17)', async ({ page }) => {
  const name = await signUp(page, 'uta');
  await fault(page, 'account-flags', { name, copyLeader: true });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await mainTab(page, 'Tools').click();
  await expect(page.locator('.tools-panel__item')).not.toHaveCount(0);
  expect(await toolNames(page)).toContain('gridBot');
  const centre = page.getByRole('link', { name: 'Leader centre' });
  await expect(centre).toHaveAttribute('href', '/copyTrade/trade-center/leader');
  await expect(centre).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), centre.click()]);
  // The local exchange's own page for it (it has no copy trading).
  await expect(popup.getByRole('heading', { name: 'Copy-trading leader centre' })).toBeVisible({ timeout: scaled(20_000) });
  await popup.close();

  // The same leader as a sub-account (of the seeded alice).
  await fault(page, 'account-flags', { name, parentName: 'alice' });
  await page.reload();
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await mainTab(page, 'Tools').click();
  await expect(page.locator('.tools-panel__item')).not.toHaveCount(0);
  await twoFrames(page);
  expect(await toolNames(page)).not.toContain('gridBot');
  expect(await toolNames(page)).toContain('leaderCentre');
  const res = await page.request.post('/v5/grid/create-grid', { data: { symbol: 'BTCUSDT', min_price: '90000', max_price: '110000', cell_number: 4, quote_investment: '1000' }, headers: XRW });
  expect(((await res.json()) as { retCode: number }).retCode).toBe(10005);
});

test('the standard-account offline alert links the phase-out article (spec 2.17)', async ({ page }) => {
  const name = await signUp(page, 'classic');
  await fault(page, 'account-flags', { name, standardOffline: true });
  await page.goto('/en/trade/spot/BTC/USDT');
  const alert = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Standard accounts are going offline' }) });
  await expect(alert).toBeVisible({ timeout: scaled(20_000) });
  const link = alert.getByRole('link', { name: 'Read the announcement about the standard-account phase-out' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(popup.getByTestId('elsewhere-target')).toHaveText('https://www.bybit.com/help-center/article/Standard-Account-Phase-Out', { timeout: scaled(20_000) });
});

test('the market header says the day\'s change in the user\'s zone, from the open price read at login (spec 6, 7.1)', async ({ page }) => {
  await signUp(page, 'uta');
  const base = String(test.info().project.use.baseURL);
  const set = await page.request.post('/api/user/pref', { data: { upsert_keys: { timeZone: 'America/New_York' } }, headers: { origin: base, ...XRW } });
  expect(set.ok(), await set.text()).toBe(true);
  await page.goto('/en/trade/spot/ETH/USDT');
  const stat = page.locator('[data-stat="changeDay"]');
  await expect(stat.locator('dt')).toHaveText("Today's change (UTC-5)", { timeout: scaled(20_000) });
  await expect(stat.locator('dd')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  const opens = (await (await page.request.get('/v5/market/open-price?category=spot&timeZone=America/New_York')).json()) as { result: { data: Array<{ symbol: string; openPrice: string }> } };
  const open = Number(opens.result.data.find((r) => r.symbol === 'ETHUSDT')!.openPrice);
  // The shown change is the last price against that open (the price moves: within 0.3 points).
  await expect.poll(async () => {
    const shown = Number((await stat.locator('dd').textContent())!.replace('%', ''));
    const last = await lastPrice(page, 'ETHUSDT');
    return Math.abs(shown - ((last - open) / open) * 100);
  }).toBeLessThan(0.3);
  // A visitor has no day of their own.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.locator('[data-stat="change24h"]')).toBeVisible({ timeout: scaled(20_000) });
  await expect(stat).toHaveCount(0);
});

test('the price line\'s value is in the chosen currency at the exchange\'s rate, remembered (spec 2.10)', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const legal = page.getByTestId('book-price-line').locator('.price-line__legal');
  await expect(legal).toHaveText(/^≈ \$[\d,]+\.\d{2}$/, { timeout: scaled(20_000) });
  const settings = page.getByRole('region', { name: 'Symbol info', exact: true }).getByRole('button', { name: 'Settings' });
  const choose = async (code: string) => {
    await settings.click();
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Display currency').selectOption(code);
    await page.keyboard.press('Escape');
  };
  const value = async () => Number((await legal.textContent())!.replace(/[^\d.]/g, ''));
  // The exchange's rate decides the figure: one set for this test.
  await fault(page, 'fiat-rate', { currency: 'TRY', rate: '2' });
  try {
    await choose('TRY');
    await expect(legal).toHaveText(/^≈ TRY\s?[\d,]+\.\d{2}$|^≈ ₺[\d,]+\.\d{2}$/);
    await expect.poll(async () => Math.abs((await value()) / (2 * (await lastPrice(page, 'BTCUSDT'))) - 1)).toBeLessThan(0.01);
    await choose('JPY');
    await expect(legal).toHaveText(/^≈ ¥[\d,]+\.\d{2}$/);
    const rates = (await (await page.request.get('/api/spot/exchange-rate')).json()) as { result: { rates: Array<{ currency: string; rate: string }> } };
    const jpy = Number(rates.result.rates.find((r) => r.currency === 'JPY')!.rate);
    await expect.poll(async () => Math.abs((await value()) / (jpy * (await lastPrice(page, 'BTCUSDT'))) - 1)).toBeLessThan(0.01);
    // Remembered across a reload.
    await page.reload();
    await expect(legal).toHaveText(/^≈ ¥[\d,]+\.\d{2}$/, { timeout: scaled(20_000) });
    await choose('EUR');
    await expect(legal).toHaveText(/^≈ €[\d,]+\.\d{2}$/);
  } finally {
    await fault(page, 'fiat-rate', { currency: 'TRY', rate: '' });
  }
});
