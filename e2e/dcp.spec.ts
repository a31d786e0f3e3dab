import { expect, test, scaled, type BrowserContext, type Page } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Cancel on disconnect (issue 35 item 4, Bybit's disconnection protection), as a trader uses it:
// turned on in the header's settings with a 10 s window, an order resting, the tab closed. The
// exchange cancels the order once the page has been gone the window; the page, opened again, says
// what was cancelled while it was away. A unified, a classic and a demo account, side by side.
test.describe.configure({ timeout: scaled(120_000) });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };
const orderForm = (page: Page) => page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

async function openOrders(context: BrowserContext): Promise<Array<{ orderId: string }>> {
  const res = await context.request.get('/v5/order/realtime?category=spot&symbol=SOLUSDT', { headers: XRW });
  return ((await res.json()) as { result: { list: Array<{ orderId: string }> } }).result.list;
}

async function turnOn(page: Page, seconds: string): Promise<void> {
  await page.getByRole('region', { name: 'Symbol info', exact: true }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const form = settings.getByRole('form', { name: 'Cancel my orders if the page disconnects' });
  await expect(form.getByRole('status')).toHaveText('Off', { timeout: scaled(15_000) });
  await form.getByRole('switch', { name: 'Cancel my orders if the page disconnects' }).check();
  const window = form.getByRole('spinbutton', { name: /^After/ });
  // Out of the page's range: the exchange is not asked, the reason is said.
  await window.fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a whole number of seconds from 10 to 300.');
  await expect(form.getByRole('status')).toHaveText('Off');
  await window.fill(seconds);
  await form.getByRole('button', { name: 'Save' }).click();
  // On only once the exchange holds it.
  await expect(form.getByRole('status')).toHaveText(`On: the exchange cancels after ${seconds} s without this page`);
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
}

async function restingBuy(page: Page): Promise<void> {
  await orderForm(page).getByRole('tab', { name: 'Buy' }).click();
  await orderForm(page).getByLabel('Order type').selectOption('limit');
  const ticker = await (await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json();
  const price = (Number(ticker.result.list[0].lastPrice) * 0.8).toFixed(2);
  for (const [label, value] of [['Price', price], ['Quantity', '0.05']] as const) {
    const input = orderForm(page).getByLabel(label, { exact: true });
    await input.fill(value);
    await input.blur();
  }
  await orderForm(page).getByRole('button', { name: 'Buy SOL' }).click();
  await expect(toast(page, /^Order placed: Buy /)).toHaveCount(1);
}

async function awayAndBack(context: BrowserContext, kind: 'uta' | 'classic' | 'demo'): Promise<void> {
  const page = await context.newPage();
  await openAs(page, kind, PATH);
  await turnOn(page, '10');
  await restingBuy(page);
  const [order] = await openOrders(context);
  expect(order, kind).toBeTruthy();
  // The trader closes the tab. Within the window nothing happens; after it, the exchange cancels.
  const closedAt = Date.now();
  await page.close();
  await expect.poll(async () => (await openOrders(context)).length, { timeout: scaled(40_000), intervals: [500] }).toBe(0);
  expect(Date.now() - closedAt, kind).toBeGreaterThanOrEqual(9_000);
  const history = await context.request.get(`/v5/order/history?category=spot&orderId=${order!.orderId}`, { headers: XRW });
  expect(((await history.json()) as { result: { list: Array<{ cancelType: string }> } }).result.list[0]?.cancelType).toBe('CancelByDCP');

  // Back: the page says what the exchange did while it was away, once.
  const back = await context.newPage();
  await back.goto(PATH);
  await expect(toast(back, 'While this page was away, disconnection protection cancelled orders: 1 (SOL/USDT)')).toBeVisible({ timeout: scaled(20_000) });
  await back.reload();
  await expect(orderForm(back)).toBeVisible({ timeout: scaled(20_000) });
  await expect(back.getByRole('region', { name: 'Symbol info', exact: true }).getByRole('button', { name: 'Settings' })).toBeVisible();
  await back.getByRole('region', { name: 'Symbol info', exact: true }).getByRole('button', { name: 'Settings' }).click();
  await expect(back.getByRole('dialog', { name: 'Settings' }).getByTestId('dcp-setting').getByRole('status')).toHaveText('On: the exchange cancels after 10 s without this page');
  await expect(toast(back, /disconnection protection cancelled/)).toHaveCount(0);
}

test('cancel on disconnect: on in the settings, the exchange cancels the resting order once the tab has been gone 10 s, and the page says so on return (unified, classic, demo)', async ({ browser }) => {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext()));
  try {
    await Promise.all((['uta', 'classic', 'demo'] as const).map((kind, i) => awayAndBack(contexts[i]!, kind)));
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
