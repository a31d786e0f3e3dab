import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs, signUp } from './support/accounts.ts';
import { bidRowPoint } from './support/book.ts';

// Hotkeys and the command palette (issue 35 item 1), by keyboard and mouse only. Each test signs
// up its own account (orders and hotkey settings are its own: settings live in the browser
// context's storage, fresh per test). ETH/USDT and XRP/USDT: pairs no spec pauses.
test.describe.configure({ timeout: scaled(90_000) });
test.use({ viewport: { width: 1366, height: 768 } });

const pairPath = (base: string, quote = 'USDT', locale = 'en') => `/${locale}/trade/spot/${base}/${quote}`;
const forms = (page: Page) => page.locator('[data-region="forms"]');
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const rows = (page: Page) => ordersRegion(page).locator('.orders-table tbody tr');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Ctrl+K, and the search field has the cursor (what a person waits for before typing). */
async function openPalette(page: Page, name = 'Command palette'): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name }).getByRole('searchbox')).toBeFocused();
}

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`);
  const body = (await res.json()) as { result: { list: Array<{ lastPrice: string }> } };
  return Number(body.result.list[0]!.lastPrice);
}

/** Order requests the page makes (create / cancel / cancel-all), as they leave. */
function orderCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/v5\/order\/(create|cancel|cancel-all)$/.test(path)) calls.push(path);
  });
  return calls;
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = orderForm(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

async function placeLimit(page: Page, base: string, price: string, qty: string): Promise<void> {
  await orderForm(page).getByRole('tab', { name: 'Buy' }).click();
  await orderForm(page).getByLabel('Order type').selectOption('limit');
  await fill(page, 'Price', price);
  await fill(page, 'Quantity', qty);
  await orderForm(page).getByRole('button', { name: `Buy ${base}` }).click();
  await expect(toast(page, 'Order placed').first()).toBeVisible();
}

/** Focus on the page itself (no field): a click on the header's brand-free area. */
async function focusPage(page: Page): Promise<void> {
  await page.getByRole('banner').getByText('Spot trading', { exact: true }).click();
}

/** Turns trading hotkeys on the way a person does: `?`, the settings, the warning, Turn on. */
async function turnOn(page: Page): Promise<void> {
  await focusPage(page);
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByTestId('hotkeys-state')).toHaveText('Trading hotkeys are off.');
  await sheet.getByRole('button', { name: 'Hotkey settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Trading hotkeys' });
  await settings.getByRole('button', { name: 'Turn trading hotkeys on…' }).click();
  const warning = page.getByRole('dialog', { name: 'Turn on trading hotkeys?' });
  await expect(warning).toContainText('one key press sends or cancels real orders at once');
  await warning.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('dialog', { name: 'Trading hotkeys' }).getByRole('status').first()).toHaveText('Trading hotkeys are on.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('hotkeys-on')).toContainText('Hotkeys on · 10 USDT');
}

test('the palette finds a pair and switches to it, by keyboard', async ({ page }) => {
  await page.goto(pairPath('BTC'));
  await expect(page.getByRole('button', { name: 'Commands and pairs (Ctrl+K)' })).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
  await openPalette(page);
  await page.keyboard.type('ethusdt');
  await expect(palette(page).getByRole('menuitem')).toHaveCount(1);
  await expect(palette(page).getByRole('menuitem', { name: 'ETH/USDT' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  await expect(palette(page)).toHaveCount(0);
});

test('the palette cancels all of the pair after its confirmation', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  const price = ((await lastPrice(page, 'ETHUSDT')) * 0.9).toFixed(2);
  await placeLimit(page, 'ETH', price, '0.01');
  await expect(rows(page)).toHaveCount(1);
  const calls = orderCalls(page);
  await openPalette(page);
  await page.keyboard.type('cancel all');
  await expect(palette(page).getByRole('menuitem', { name: 'Cancel all orders on this pair' })).toBeVisible();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm).toContainText('ETH/USDT');
  // Nothing is sent before the yes.
  expect(calls).toEqual([]);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, '1 order cancelled')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  // The same action the Cancel all button calls: one cancel-all per order group, nothing else.
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls)).toEqual(new Set(['/v5/order/cancel-all']));
});

test('hotkeys are off until turned on through the warning; then B buys at the best ask with the preset size', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  const calls = orderCalls(page);
  await focusPage(page);
  await page.keyboard.press('b');
  // The cheat sheet (opened after) says they are off, and the B press sent nothing.
  await page.keyboard.press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByTestId('hotkeys-state')).toHaveText('Trading hotkeys are off.');
  await page.keyboard.press('Escape');
  expect(calls).toEqual([]);
  await expect(page.getByTestId('hotkeys-on')).toHaveCount(0);

  await turnOn(page);
  await focusPage(page);
  await page.keyboard.press('b');
  // The toast comes with the exchange's answer, and says what was sent: side, quantity, pair.
  const sent = toast(page, 'Sent by hotkey');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(/Order (filled|placed[^:]*): Buy [\d.]+ ETH/);
  await expect(sent).toContainText('ETH/USDT');
  expect(calls).toEqual(['/v5/order/create']);
  // 10 USDT at the best ask, down to the lot: worth at most 10 USDT and more than 10 less a lot.
  const text = (await sent.textContent()) ?? '';
  const qty = Number(/Buy ([\d.]+) ETH/.exec(text)![1]);
  const ask = await lastPrice(page, 'ETHUSDT');
  expect(qty * ask).toBeLessThanOrEqual(10 * 1.02);
  expect(qty * ask).toBeGreaterThan(10 * 0.9);
});

test('X cancels the last order; ] and [ nudge the form price by a tick; keys typed into a field do nothing', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  const last = await lastPrice(page, 'ETHUSDT');
  const first = (last * 0.9).toFixed(2);
  const second = (last * 0.89).toFixed(2);
  await placeLimit(page, 'ETH', first, '0.01');
  await placeLimit(page, 'ETH', second, '0.01');
  await expect(rows(page)).toHaveCount(2);
  await turnOn(page);

  // Inside the quantity field X and B are typing, never hotkeys.
  const calls = orderCalls(page);
  const qty = orderForm(page).getByLabel('Quantity', { exact: true });
  await qty.click();
  await page.keyboard.press('x');
  await page.keyboard.press('b');
  await page.keyboard.press('BracketRight');
  await expect(qty).toBeFocused();

  // Outside it, ] moves the price up one tick (0.01) and [ back down.
  const price = orderForm(page).getByLabel('Price', { exact: true });
  await fill(page, 'Price', '2000.00');
  await focusPage(page);
  await page.keyboard.press('BracketRight');
  await expect(price).toHaveValue('2000.01');
  await page.keyboard.press('BracketLeft');
  await page.keyboard.press('BracketLeft');
  await expect(price).toHaveValue('1999.99');
  // 2 chooses the second size preset (50 USDT): the form's quantity is what it buys at the form's price.
  await page.keyboard.press('2');
  await expect(page.getByTestId('hotkeys-on')).toContainText('Hotkeys on · 50 USDT');
  await expect(orderForm(page).getByLabel('Quantity', { exact: true })).toHaveValue(/^0\.0250*$/);
  expect(calls).toEqual([]);
  await expect(rows(page)).toHaveCount(2);

  // X cancels the most recent order (the second), and only it.
  await page.keyboard.press('x');
  await expect(toast(page, 'Cancel success').first()).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(first.replace(/^(\d)(\d{3})/, '$1,$2'));
  expect(calls).toEqual(['/v5/order/cancel']);
});

test('a hotkey is rebound by pressing the new key, kept after a reload, and F flips the form side', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  await turnOn(page);
  await page.keyboard.press('Shift+Slash');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Hotkey settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Trading hotkeys' });
  const rebind = settings.getByRole('button', { name: 'Change the key for Buy at the best ask (now B)' });
  await expect(rebind).toHaveAttribute('aria-keyshortcuts', 'B');
  await rebind.click();
  await expect(settings.getByRole('button', { name: 'Press a key… (Escape cancels)' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(settings.getByRole('button', { name: 'Change the key for Buy at the best ask (now J)' })).toBeVisible();
  await expect(settings.getByRole('status').last()).toHaveText('J now does: Buy at the best ask');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await focusPage(page);
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('row', { name: /Buy at the best ask/ })).toContainText('J');
  await page.keyboard.press('Escape');

  const calls = orderCalls(page);
  await focusPage(page);
  await page.keyboard.press('f');
  await expect(orderForm(page).getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('f');
  await expect(orderForm(page).getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
  // B no longer buys; J does.
  await page.keyboard.press('b');
  await page.keyboard.press('j');
  await expect(toast(page, 'Sent by hotkey')).toHaveCount(1);
  expect(calls).toEqual(['/v5/order/create']);
});

test('turning hotkeys off in one tab turns them off in the other at once', async ({ page, context }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  const other = await context.newPage();
  await other.goto(pairPath('XRP'));
  await expect(orderForm(other)).toBeVisible({ timeout: scaled(20_000) });
  await page.bringToFront();
  await turnOn(page);
  await expect(other.getByTestId('hotkeys-on')).toBeVisible();
  await page.getByTestId('hotkeys-on').click();
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Hotkey settings' }).click();
  await page.getByRole('dialog', { name: 'Trading hotkeys' }).getByRole('button', { name: 'Turn trading hotkeys off' }).click();
  await expect(other.getByTestId('hotkeys-on')).toHaveCount(0);
});

test('a hotkey with its confirmation on asks first and sends nothing on No', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  const price = ((await lastPrice(page, 'ETHUSDT')) * 0.9).toFixed(2);
  await placeLimit(page, 'ETH', price, '0.01');
  await expect(rows(page)).toHaveCount(1);
  await turnOn(page);
  await page.keyboard.press('Shift+Slash');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Hotkey settings' }).click();
  await page.getByRole('dialog', { name: 'Trading hotkeys' }).getByRole('checkbox', { name: 'Ask before: Cancel the last order' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const calls = orderCalls(page);
  await focusPage(page);
  await page.keyboard.press('x');
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm).toContainText(/Cancel your last order on ETH\/USDT: Buy 0\.01 ETH at [\d,.]+\?/);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(calls).toEqual([]);
  await expect(rows(page)).toHaveCount(1);

  await focusPage(page);
  await page.keyboard.press('x');
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(rows(page)).toHaveCount(0);
  expect(calls).toEqual(['/v5/order/cancel']);
});

test('L places a limit order at the price under the pointer on the book', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  await turnOn(page);
  await focusPage(page);
  // The pointer rests on a bid row a few levels under the best bid (the book moves; its price is whatever that row shows then).
  const at = await bidRowPoint(page, 4);
  await page.mouse.move(at.x, at.y);
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.keyboard.press('l');
  const sent = toast(page, 'Sent by hotkey');
  await expect(sent).toHaveCount(1);
  // Under the best bid: a buy that rests at that row's price.
  await expect(sent).toContainText(/Order placed: Buy [\d.]+ ETH at [\d,.]+ USDT on ETH\/USDT/);
  const price = /at ([\d,.]+) USDT/.exec((await sent.textContent()) ?? '')![1]!;
  expect(Number(price.replace(/,/g, ''))).toBeLessThan(await lastPrice(page, 'ETHUSDT'));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(price);
});

test('L places a limit order at the price under the pointer on the chart', async ({ page }) => {
  await openAs(page, 'uta', pairPath('ETH'));
  await turnOn(page);
  await focusPage(page);
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height * 0.35);
  // The chart's quick-order + follows the pointer: the pointer is on the price pane.
  await expect(page.getByRole('button', { name: 'Quick limit order at this price' })).toBeVisible();
  await page.keyboard.press('l');
  const sent = toast(page, 'Sent by hotkey');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(/Order (placed|filled)[^:]*: (Buy|Sell) [\d.]+ ETH at [\d,.]+ USDT on ETH\/USDT/);
});

for (const [kind, base] of [['classic', 'XRP'], ['demo', 'ETH']] as const) {
  test(`a ${kind} account buys at the best ask by hotkey`, async ({ page }) => {
    await openAs(page, kind, pairPath(base));
    await turnOn(page);
    await focusPage(page);
    await page.keyboard.press('b');
    const sent = toast(page, 'Sent by hotkey');
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText(new RegExp(`Order (filled|placed[^:]*): Buy [\\d.,]+ ${base}`));
  });
}

test('right to left (Arabic): the same physical keys work and the palette opens', async ({ page }) => {
  await signUp(page, 'uta');
  await page.goto(pairPath('ETH', 'USDT', 'ar-SA'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(forms(page).getByRole('region', { name: 'تقديم أمر' })).toBeVisible({ timeout: scaled(20_000) });
  await openPalette(page, 'لوحة الأوامر');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
  await sheet.getByRole('button', { name: 'إعدادات مفاتيح الاختصار' }).click();
  await page.getByRole('dialog', { name: 'مفاتيح اختصار التداول' }).getByRole('button', { name: 'تفعيل مفاتيح اختصار التداول…' }).click();
  await page.getByRole('dialog', { name: 'تفعيل مفاتيح اختصار التداول؟' }).getByRole('button', { name: 'تفعيل', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('hotkeys-on')).toBeVisible();
  await page.getByRole('banner').getByText('التداول الفوري', { exact: true }).click();
  await page.keyboard.press('b');
  await expect(toast(page, 'أُرسل بمفتاح اختصار')).toHaveCount(1);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the palette opens from the header button and switches pair by touch', async ({ page }) => {
    await page.goto(pairPath('BTC'));
    await page.getByRole('button', { name: 'Commands and pairs (Ctrl+K)' }).tap();
    await expect(palette(page)).toBeVisible();
    await palette(page).getByRole('searchbox').fill('XRP USDT');
    await palette(page).getByRole('menuitem', { name: 'XRP/USDT' }).tap();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/XRP\/USDT$/);
  });
});
