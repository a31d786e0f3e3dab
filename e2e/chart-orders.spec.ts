import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs, twoFrames } from './support/accounts.ts';

// The user's orders on the chart (issue 6 items 7–8) against the local exchange: a unified account
// of the test's own on SOL/USDT, a pair the trading spec does not trade.
test.describe.configure({ timeout: scaled(120_000) });
// Tall enough that the whole chart is in the window: a drag starts on an order's label, which may
// sit low on the price axis (below 720 px in the default window, where the pointer cannot reach).
test.use({ viewport: { width: 1280, height: 1100 } });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };

const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const summary = (page: Page) => page.getByTestId('chart-summary');
const lines = (page: Page) => page.getByTestId('chart-order-lines');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** A new unified account of this test's own, on SOL/USDT with the chart ready. */
async function login(page: Page): Promise<void> {
  await openAs(page, 'uta', PATH);
  // A new account holds no SOL; a quick order above the market is a sell, so it gets some.
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '1' }, headers: XRW });
  expect(((await res.json()) as { retMsg: string }).retMsg).toBe('OK');
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
}

async function cancelEverything(page: Page): Promise<void> {
  for (const orderFilter of ['Order', 'StopOrder', 'tpslOrder', 'OcoOrder']) {
    const res = await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: 'SOLUSDT', orderFilter }, headers: XRW });
    expect(res.ok()).toBe(true);
  }
}

async function lastPrice(page: Page): Promise<number> {
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT');
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

interface OpenOrder {
  orderId: string;
  price: string;
  qty: string;
  side: string;
}

async function openOrders(page: Page): Promise<OpenOrder[]> {
  const res = await page.request.get('/v5/order/realtime?category=spot&symbol=SOLUSDT&openOnly=0&limit=50', { headers: XRW });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { list: OpenOrder[] } }).result.list;
}

async function placeLimitBuy(page: Page, price: string, qty: string): Promise<void> {
  await orderForm(page).getByRole('tab', { name: 'Buy' }).click();
  await orderForm(page).getByLabel('Order type').selectOption('limit');
  for (const [label, value] of [['Price', price], ['Quantity', qty]] as const) {
    const input = orderForm(page).getByLabel(label, { exact: true });
    await input.fill(value);
    await input.blur();
  }
  await orderForm(page).getByRole('button', { name: 'Buy SOL' }).click();
  // Below the market it rests ("placed"); above, it fills at once ("filled"): the exchange's answer either way.
  await expect(toast(page, /^Order (placed|filled): Buy /).first()).toBeVisible();
}

test('an open order shows as a line on the chart, and dragging it modifies the order', async ({ page }) => {
  await login(page);
  await cancelEverything(page);
  const price = ((await lastPrice(page)) * 0.97).toFixed(2);
  await placeLimitBuy(page, price, '0.05');
  const [placed] = await openOrders(page);
  expect(placed?.price).toBe(price);

  // Its size at SOL's quantity precision, with the coin (issue 32: it said "0.05" without a unit).
  await expect(lines(page).getByRole('slider', { name: new RegExp(`^Buy limit order 0\\.050 SOL at ${price.replace('.', '\\.')}`) })).toBeVisible({ timeout: scaled(15_000) });
  // Its name follows the price while dragging: hold on to it by order id.
  const line = lines(page).locator(`[data-order-id="${placed!.orderId}"][data-line-kind="price"]`);
  await expect(line).toHaveAttribute('aria-valuetext', price);

  // Drag the label 30 px up: a higher (still below-market) price.
  const box = (await line.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (const dy of [10, 20, 30]) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - dy);
  const dragged = await line.getAttribute('aria-valuetext');
  expect(Number(dragged)).toBeGreaterThan(Number(price));
  await page.mouse.up();
  // A chart edit asks first (issue 15 item 2): old → new price, the quantity; nothing is sent before Confirm.
  const confirm = page.getByRole('dialog', { name: 'Change this order?' });
  await expect(confirm.getByTestId('modify-old')).toHaveText(price);
  await expect(confirm.getByTestId('modify-new')).toHaveText(dragged!);
  await expect(confirm.getByTestId('chart-modify-summary')).toContainText(/0\.050* → 0\.050*/);
  expect((await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price).toBe(price);
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  await expect.poll(async () => (await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price, { timeout: scaled(15_000) }).toBe(dragged);
  await expect(lines(page).getByRole('slider', { name: new RegExp(`at ${dragged!.replace('.', '\\.')}`) })).toBeVisible();
  // Spec 8: a modify success says orderSuccessful above the order as it now stands.
  await expect(toast(page, 'Order successful').filter({ hasText: `Order modified: Buy 0.05 SOL at ${dragged} USDT on SOL/USDT` })).toBeVisible();
  await expect(lines(page).locator('[data-pending="true"]')).toHaveCount(0);
  await cancelEverything(page);
});

type AxisBox = { kind: string; text: string; top: number; height: number; y?: number };
const axisBoxes = (page: Page) => page.evaluate(() => (window.__spotDebug!.canvas('chartAxisLabels') ?? []) as AxisBox[]);

test('a dragged line stays under the pointer: the price scale holds still, the price snaps to the tick, the confirmation says the change in %', async ({ page }) => {
  // Issue 33 item 3: a 61 px drag of a buy once proposed a price 8 % away, the scale rescaling to
  // the dragged line under the pointer on every move. Its own new account: no holding, so no
  // position label on the axis can hide the order's (the shared login's SOL position once did).
  // The chart given the most of the window's height (the split kept as if dragged down to the
  // least orders, state/layout.ts), so the dragged line stays inside the plot.
  await page.addInitScript(() => localStorage.setItem('spot.layout.ordersHeight', '140'));
  await openAs(page, 'uta', PATH);
  const info = await (await page.request.get('/v5/market/instruments-info?category=spot&symbol=SOLUSDT')).json();
  const tick = Number(info.result.list[0].priceFilter.tickSize as string);
  const price = ((await lastPrice(page)) * 0.97).toFixed(2);
  await placeLimitBuy(page, price, '0.05');
  const [placed] = await openOrders(page);
  const line = lines(page).locator(`[data-order-id="${placed!.orderId}"][data-line-kind="price"]`);
  await expect(line).toHaveAttribute('aria-valuetext', price, { timeout: scaled(15_000) });
  await expect(line).toBeVisible();

  const canvasTop = (await page.getByTestId('chart-canvas').boundingBox())!.y;
  const box = (await line.boundingBox())!;
  const x = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  // Up, toward the last price and short of it: a buy 3 % under the market can sit at the foot of
  // the price pane, where a drag down leaves the pane (the line and its axis label then hide).
  const before = await axisBoxes(page);
  const lastBefore = before.find((b) => b.kind === 'last' && b.y !== undefined);
  expect(lastBefore, JSON.stringify(before)).toBeTruthy();
  const room = y0 - canvasTop - lastBefore!.y!;
  expect(room, 'the buy sits under the last price').toBeGreaterThan(30);
  const DRAG_PX = Math.min(61, Math.floor(room / 2));
  await page.mouse.move(x, y0);
  await page.mouse.down();
  // Up in small steps, as a hand moves: each move is a draw.
  for (let dy = 3; dy < DRAG_PX; dy += 3) {
    await page.mouse.move(x, y0 - dy);
    await twoFrames(page);
  }
  await page.mouse.move(x, y0 - DRAG_PX);
  await twoFrames(page);
  const proposed = (await line.getAttribute('aria-valuetext'))!;
  // On the tick: the price has the tick's decimals, and is a whole number of ticks.
  expect(proposed).toMatch(/^\d+\.\d{2}$/);
  expect(Math.abs(Math.round(Number(proposed) / tick) * tick - Number(proposed))).toBeLessThan(tick / 100);
  // The scale as drawn now, from two prices on the axis and their heights: the pointer's price.
  const boxes = await axisBoxes(page);
  const last = boxes.find((b) => b.kind === 'last' && b.y !== undefined);
  const mine = boxes.find((b) => b.kind === 'order' && b.text === proposed && b.y !== undefined);
  expect(last, JSON.stringify(boxes)).toBeTruthy();
  expect(mine, JSON.stringify(boxes)).toBeTruthy();
  const pointerY = y0 - DRAG_PX - canvasTop;
  const perPx = (Number(mine!.text) - Number(last!.text)) / (mine!.y! - last!.y!);
  const pointerPrice = Number(last!.text) + (pointerY - last!.y!) * perPx;
  expect(Math.abs(Number(proposed) - pointerPrice), `proposed ${proposed}, pointer at ${pointerPrice.toFixed(4)}`).toBeLessThanOrEqual(tick);
  // And the line moved with the pointer, up: a higher price, still under the market.
  expect(Number(proposed)).toBeGreaterThan(Number(price));
  expect(Number(proposed)).toBeLessThan(Number(last!.text));
  await page.mouse.up();

  const confirm = page.getByRole('dialog', { name: 'Change this order?' });
  await expect(confirm.getByTestId('modify-old')).toHaveText(price);
  await expect(confirm.getByTestId('modify-new')).toHaveText(proposed);
  const pct = ((Number(proposed) - Number(price)) / Number(price)) * 100;
  await expect(confirm.getByTestId('modify-change')).toHaveText(`${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`);
  await expect(confirm.getByTestId('chart-modify-summary')).toContainText('Change');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toHaveAttribute('aria-valuetext', price);
  expect((await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price).toBe(price);
  await cancelEverything(page);
});

test('the quick-order widget places a limit order at the hovered price', async ({ page }) => {
  await login(page);
  await cancelEverything(page);
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  // Hover the lower part of the main pane, then take the + button that followed the pointer.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.45);
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height * 0.5);
  const plus = page.getByRole('button', { name: 'Quick limit order at this price' });
  await expect(plus).toBeVisible();
  await plus.click();
  const ticket = page.getByRole('dialog', { name: /^Limit price (buy|sell) at / });
  await expect(ticket).toBeVisible();
  const title = (await ticket.getAttribute('aria-label'))!;
  const side = title.includes('buy') ? 'Buy' : 'Sell';
  const price = /at ([\d.]+)$/.exec(title)![1]!;
  // Spec 5.6: an empty quantity is refused with its message.
  await ticket.getByRole('button', { name: `${side} SOL` }).click();
  await expect(toast(page, 'Please enter a quantity for quick orders').first()).toBeVisible();
  await ticket.getByLabel('Quantity').fill('0.05');
  await ticket.getByRole('button', { name: `${side} SOL` }).click();
  // Spec 8: a chart order's success is titled orderSuccessful, with the order's details.
  await expect(toast(page, 'Order successful').filter({ hasText: `Order placed: ${side} 0.05 SOL at ` })).toBeVisible();
  await expect(ticket).toHaveCount(0);
  await expect.poll(async () => (await openOrders(page)).map((o) => `${o.side} ${Number(o.price)} ${Number(o.qty)}`)).toContainEqual(`${side} ${Number(price)} 0.05`);
  await cancelEverything(page);
});

test('logged out: no order lines, the display menu has only the quick-trade and heatmap items', async ({ page }) => {
  await page.goto(PATH);
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  await twoFrames(page);
  await expect(lines(page).getByRole('slider')).toHaveCount(0);
  await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'Display' }).click();
  const menu = page.getByRole('group', { name: 'Display' });
  await expect(menu.getByRole('checkbox', { name: 'Show quick market trade' })).toBeVisible();
  // The order-book heatmap is the market's, not the account's (issue 36 item 2).
  await expect(menu.getByRole('checkbox', { name: 'Order book heatmap' })).toBeVisible();
  await expect(menu.getByRole('checkbox')).toHaveCount(2);
});

test('a rejected modify shows the server message and the line snaps back', async ({ page }) => {
  await login(page);
  await cancelEverything(page);
  const price = ((await lastPrice(page)) * 0.96).toFixed(2);
  await placeLimitBuy(page, price, '0.05');
  const [placed] = await openOrders(page);
  const line = lines(page).locator(`[data-order-id="${placed!.orderId}"][data-line-kind="price"]`);
  await expect(line).toBeVisible({ timeout: scaled(15_000) });
  await page.route('**/v5/order/amend', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ retCode: 170213, retMsg: 'Order does not exist (test)', result: {} }) }));
  const box = (await line.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (const dy of [10, 20, 30]) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - dy);
  await page.mouse.up();
  await page.getByRole('dialog', { name: 'Change this order?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Order does not exist (test)').first()).toBeVisible();
  await expect(line).toHaveAttribute('aria-valuetext', price);
  await expect(line).toHaveAttribute('data-pending', 'false');
  expect((await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price).toBe(price);
  await page.unroute('**/v5/order/amend');
  await cancelEverything(page);
});

test('a chart edit asks by default; "don\'t ask again" is kept in the account, and the settings turn it back on', async ({ page }) => {
  await login(page);
  const price = ((await lastPrice(page)) * 0.95).toFixed(2);
  await placeLimitBuy(page, price, '0.05');
  const [placed] = await openOrders(page);
  const line = lines(page).locator(`[data-order-id="${placed!.orderId}"][data-line-kind="price"]`);
  await expect(line).toBeVisible({ timeout: scaled(15_000) });
  // The keyboard moves the line one tick per arrow; Enter drops it.
  await line.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Change this order?' });
  await confirm.getByRole('checkbox', { name: "Don't ask again for changes made on the chart" }).check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/pref') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(async () => (await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price, { timeout: scaled(15_000) }).not.toBe(price);
  await expect(line).toHaveAttribute('data-pending', 'false');
  // Kept in the account: after a reload the next edit goes straight through.
  await page.reload();
  await expect(line).toBeVisible({ timeout: scaled(15_000) });
  const before = (await openOrders(page)).find((o) => o.orderId === placed!.orderId)!.price;
  await line.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await openOrders(page)).find((o) => o.orderId === placed!.orderId)?.price, { timeout: scaled(15_000) }).not.toBe(before);
  await expect(page.getByRole('dialog', { name: 'Change this order?' })).toHaveCount(0);
  // The header settings turn the question back on.
  await page.getByRole('region', { name: 'Symbol info', exact: true }).getByRole('button', { name: 'Settings' }).click();
  const toggle = page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: 'Confirm order changes made on the chart' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await page.keyboard.press('Escape');
  await line.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Change this order?' })).toBeVisible();
  await cancelEverything(page);
});

test('a fill shows in the average buy line and the trade-history modal; the layout is saved to the account', async ({ page }) => {
  await login(page);
  await cancelEverything(page);
  // A limit buy above the market fills at once.
  await placeLimitBuy(page, ((await lastPrice(page)) * 1.05).toFixed(2), '0.02');
  const toolbar = page.getByRole('toolbar', { name: 'Chart tools' });
  await toolbar.getByRole('button', { name: 'Display' }).click();
  const menu = page.getByRole('group', { name: 'Display' });
  await menu.getByRole('checkbox', { name: 'Show average buy price line' }).check();
  const ranges = menu.getByRole('radiogroup', { name: 'Average buy price over' });
  await expect(ranges.getByRole('radio')).toHaveText(['7 days', '30 days', '60 days', '90 days', '180 days', '1 year', '2 years', '3 years']);
  await ranges.getByRole('radio', { name: '7 days' }).click();
  await expect(page.getByTestId('chart-avg-buy')).toContainText(/Avg\. buy [\d.]+ \(7 days\)/, { timeout: scaled(15_000) });
  await menu.getByRole('button', { name: 'Trade history' }).click();
  const modal = page.getByRole('dialog', { name: 'Trade history' });
  await expect(modal.getByRole('columnheader')).toHaveText(['Order type', 'Deal price', 'Quantity', 'Filled value', 'Trading fee', 'Transaction time (UTC)']);
  await expect(modal.getByRole('row')).not.toHaveCount(1);
  await modal.getByRole('button', { name: 'Close' }).click();

  // The display options and interval follow the account (spec 5.9).
  await toolbar.getByRole('button', { name: '1D', exact: true }).click();
  await expect
    .poll(async () => {
      const res = await page.request.get('/spot/api/account/get_kline_config', { headers: XRW });
      const kline = ((await res.json()) as { result: { kline: string } }).result.kline;
      if (!kline) return null;
      const data = JSON.parse(JSON.parse(kline).saveData as string) as { interval: string; display: { avgBuy: boolean } };
      return `${data.interval}/${data.display.avgBuy}`;
    }, { timeout: scaled(15_000) })
    .toBe('1D/true');
});
