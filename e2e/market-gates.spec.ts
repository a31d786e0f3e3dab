import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs, signUp } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

// The exchange's market rules, through the page (issue 16 items 2 and 3): a banned side (spec 4.4),
// maintenance (5.4 web2_will_update), the innovation quota (5.2, 5.3) and risk disclaimers kept per
// user (5.4). Bans and maintenance are scoped to each test's browser context; every test signs up
// accounts of its own.
test.describe.configure({ timeout: scaled(90_000) });

const XRW = { 'x-requested-with': 'e2e' };
const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

async function fault(page: Page, name: string, body: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/faults/${name}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = orderForm(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

async function openOrders(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/order/realtime?category=spot&symbol=${symbol}&openOnly=0&limit=50`, { headers: XRW });
  return ((await res.json()) as { result: { list: unknown[] } }).result.list.length;
}

test('a banned side cannot be sent: the form says so and its button is disabled; the other side trades (spec 4.4)', async ({ page }) => {
  const scope = await faultScope(page);
  await fault(page, 'ban-side', { symbol: 'BITUSDT', buy: true, scope });
  await openAs(page, 'uta', '/en/trade/spot/BIT/USDT');
  await expect(orderForm(page).getByTestId('side-banned')).toHaveText('This side is not available for this pair right now');
  await expect(orderForm(page).getByRole('button', { name: 'Buy BIT' })).toBeDisabled();
  await orderForm(page).getByRole('tab', { name: 'Sell' }).click();
  await expect(orderForm(page).getByTestId('side-banned')).toHaveCount(0);
  await expect(orderForm(page).getByRole('button', { name: 'Sell BIT' })).toBeEnabled();
});

test('maintenance: the exchange refuses the order, and from then on the form stops it with web2_will_update before sending (spec 5.4)', async ({ page }) => {
  const scope = await faultScope(page);
  // Toasts are counted as they appear: one leaves after 2.5 s, which a loaded machine can miss between two looks.
  await recordToasts(page);
  const maintenanceToasts = async () => (await toastTexts(page)).filter((t) => t.includes('The system is under maintenance. Please try again later')).length;
  await openAs(page, 'uta', '/en/trade/spot/XRP/USDT');
  await fault(page, 'maintenance', { state: 'ongoing', scope });
  const price = ((await lastPrice(page, 'XRPUSDT')) * 0.9).toFixed(4);
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', '10');
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  await expect.poll(async () => (await toastTexts(page)).find((t) => t.includes('The system is under maintenance. Please try again later.')) ?? (await toastTexts(page)).join(' | ')).toContain('The system is under maintenance. Please try again later.');
  // The refusal made the page read the system status: the next click is stopped by the page itself.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v5/order/create') sent.push(r.url());
  });
  await expect(async () => {
    // An attempt counts on its own: a click before the page had read the status was still sent (and refused).
    sent.length = 0;
    const before = await maintenanceToasts();
    await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
    await expect.poll(maintenanceToasts, { timeout: scaled(1000) }).toBeGreaterThan(before);
    expect(sent).toHaveLength(0);
  }).toPass();
  expect(await openOrders(page, 'XRPUSDT')).toBe(0);
  await fault(page, 'maintenance', { state: 'completed', scope });
  await page.reload();
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', '10');
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  await expect(toast(page, 'Order placed').first()).toBeVisible();
  expect(await openOrders(page, 'XRPUSDT')).toBe(1);
});

test('the innovation quota caps what an innovation-zone buy may spend, and a buy above it is stopped with innovateTradeFail (spec 5.2, 5.3)', async ({ page }) => {
  const name = await signUp(page, 'uta');
  await fault(page, 'innovation-quota', { name, total: '5' });
  await page.goto('/en/trade/spot/PEPE/USDT');
  const available = forms(page).getByTestId('available-balance');
  // The account holds 10,000 USDT; the quota leaves 5 of it for PEPE.
  await expect(available).toHaveText(/^5(\.00)? USDT$/, { timeout: scaled(20_000) });
  // 400,000 PEPE at the last price is some 7 USDT, more than the quota leaves.
  await fill(page, 'Price', String(await lastPrice(page, 'PEPEUSDT')));
  await fill(page, 'Quantity', '400000');
  await orderForm(page).getByRole('button', { name: 'Buy PEPE' }).click();
  const disclaimer = page.getByRole('dialog', { name: 'Risk disclaimer' });
  await disclaimer.getByRole('button', { name: 'I understand, continue' }).click();
  await expect(disclaimer).toHaveCount(0);
  await orderForm(page).getByRole('button', { name: 'Buy PEPE' }).click();
  await expect(toast(page, 'Not enough remaining quota for the innovation zone')).toBeVisible();
  expect(await openOrders(page, 'PEPEUSDT')).toBe(0);
});

test('a risk disclaimer accepted is kept with the account: asked once per user, not per browser (spec 5.4)', async ({ page, browser }) => {
  await openAs(page, 'uta', '/en/trade/spot/SUI/USDT');
  await fill(page, 'Quantity', '1');
  const disclaimer = page.getByRole('dialog', { name: 'Risk disclaimer' });
  await orderForm(page).getByRole('button', { name: 'Buy SUI' }).click();
  await expect(disclaimer).toContainText('SUI');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'POST');
  await disclaimer.getByRole('button', { name: 'I understand, continue' }).click();
  expect((await saved).status()).toBe(200);
  const prefs = (await (await page.request.get('/api/user/pref', { headers: XRW })).json()) as { result: { prefs: Record<string, string> } };
  expect(prefs.result.prefs['riskDisclaimer.SUI']).toBe('accepted');
  // Another account in another browser is asked again; the adventure zone has its own disclaimer.
  const other = await browser.newPage();
  try {
    await openAs(other, 'uta', '/en/trade/spot/GOAT/USDT');
    await orderForm(other).getByRole('button', { name: 'Buy GOAT' }).click();
    await expect(other.getByRole('dialog', { name: 'Risk disclaimer' })).toContainText('adventure');
    await other.goto('/en/trade/spot/SUI/USDT');
    await expect(orderForm(other)).toBeVisible({ timeout: scaled(20_000) });
    await orderForm(other).getByRole('button', { name: 'Buy SUI' }).click();
    await expect(other.getByRole('dialog', { name: 'Risk disclaimer' })).toContainText('SUI');
  } finally {
    await other.close();
  }
  // The first account, after a reload (once its preferences are in), is not asked again.
  const prefsLoaded = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'GET' && r.status() === 200);
  await page.reload();
  await prefsLoaded;
  await fill(page, 'Quantity', '1');
  await orderForm(page).getByRole('button', { name: 'Buy SUI' }).click();
  await expect(toast(page, /Order (placed|filled)/).first()).toBeVisible();
  await expect(disclaimer).toHaveCount(0);
});

test('margin status 4 (liquidation) stops every order with liquidationErrorInfo; status 5 (overrun) stops leverage orders with overrunErrorInfo (spec 5.4)', async ({ page }) => {
  const name = await signUp(page, 'uta');
  await fault(page, 'margin-risk', { name, state: 'LIQUIDATION' });
  await page.goto('/en/trade/spot/XRP/USDT');
  const lever = forms(page).getByTestId('leverage-switch').getByRole('switch', { name: 'Leverage' });
  // The account info (spec 3) is in once the switch can be used.
  await expect(lever).toBeEnabled({ timeout: scaled(20_000) });
  const price = ((await lastPrice(page, 'XRPUSDT')) * 0.9).toFixed(4);
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', '10');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v5/order/create') sent.push(r.url());
  });
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  await expect(toast(page, 'Your margin account is being liquidated; this action is not available')).toBeVisible();

  await fault(page, 'margin-risk', { name, state: 'OVERRUN' });
  await page.reload();
  await expect(lever).toBeEnabled({ timeout: scaled(20_000) });
  // Overrun stops only leverage trading: with the switch off the order goes out.
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', '10');
  // The first switch-on confirms spot margin on the exchange; the switch shows on once it answered.
  await lever.click();
  await page.getByRole('dialog', { name: /^Turn on leverage at/ }).getByRole('button', { name: 'Turn on leverage' }).click();
  await expect(lever).toBeChecked();
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  await expect(toast(page, 'Your margin account is over its risk limit')).toBeVisible();
  expect(sent).toHaveLength(0);
  await lever.click();
  await expect(lever).not.toBeChecked();
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  await expect(toast(page, 'Order placed').first()).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('with leverage on, the form offers the max buy amount and shows what the order would borrow before it is sent (spec 3, 5.2)', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/XRP/USDT');
  const lever = forms(page).getByTestId('leverage-switch').getByRole('switch', { name: 'Leverage' });
  await expect(lever).toBeEnabled({ timeout: scaled(20_000) });
  const available = forms(page).getByTestId('available-balance');
  await expect(available).toHaveText('10,000.00 USDT');
  await lever.click();
  await page.getByRole('dialog', { name: /^Turn on leverage at/ }).getByRole('button', { name: 'Turn on leverage' }).click();
  await expect(lever).toBeChecked();
  // The account's max buy amount includes what it may borrow, and the label says so.
  await expect(forms(page).getByText('Available with borrowing')).toBeVisible();
  await expect.poll(async () => Number((await available.textContent())!.replace(/[^\d.]/g, ''))).toBeGreaterThan(10_000);
  const price = (await lastPrice(page, 'XRPUSDT')).toFixed(4);
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', String(Math.ceil(12_000 / Number(price))));
  await expect(orderForm(page).getByTestId('borrow-estimate')).toHaveText(/^Borrows [\d,]+\.\d{2} USDT$/);
  await fill(page, 'Quantity', '10');
  await expect(orderForm(page).getByTestId('borrow-estimate')).toHaveCount(0);
});
