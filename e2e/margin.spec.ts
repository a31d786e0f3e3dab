import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Spot margin through the page (issue 16): a fresh unified account turns leverage on at 3×, a
// market buy larger than its USDT borrows the rest; Borrowings lists the loan and Positions the
// holding; closing the position at market repays the loan. A classic account has no switch.
// SOL/USDT: a pair no other spec trades on.
test.describe.configure({ timeout: scaled(90_000) });

const PATH = '/en/trade/spot/SOL/USDT';
const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

test('a 3× margin buy shows its loan in Borrowings and its position in Positions; closing repays it', async ({ page }) => {
  await openAs(page, 'uta', PATH);
  const lever = orderForm(page).getByRole('switch', { name: 'Leverage' });
  await expect(lever).toBeEnabled();
  // Turning it on says what leverage means first (issue 32): the multiple, borrowing, liquidation.
  await lever.click();
  const risk = page.getByRole('dialog', { name: /^Turn on leverage at \d+×\?$/ });
  await expect(risk).toContainText('the exchange liquidates it');
  await risk.getByRole('button', { name: 'Turn on leverage' }).click();
  // The first time, the switch confirms spot margin on the exchange before it turns on.
  await expect(lever).toBeChecked();
  await orderForm(page).getByLabel('Leverage multiple').selectOption('3');
  await expect(orderForm(page).getByLabel('Leverage multiple')).toHaveValue('3');
  await orderForm(page).getByLabel('Order type').selectOption('market');
  const qty = orderForm(page).getByLabel('Quantity', { exact: true });
  await qty.fill('100');
  await qty.blur();
  await orderForm(page).getByRole('button', { name: 'Buy SOL' }).click();
  await expect(toast(page, /^Order filled: Buy 100 SOL/)).toHaveCount(1);
  // Filled is final at once: no row lingers as "Partially filled" with Modify and Cancel (issue 32: 4–6 s).
  await expect(ordersRegion(page).getByRole('tab', { name: /^Open orders/ })).toHaveAttribute('aria-selected', 'true');
  await expect(ordersRegion(page).locator('.orders-table tbody tr')).toHaveCount(0, { timeout: 1000 });

  await ordersRegion(page).getByRole('tab', { name: 'Borrowings' }).click();
  const loan = ordersRegion(page).getByTestId('liability-USDT');
  await expect(loan).toBeVisible();
  await expect(loan.getByRole('button', { name: 'Repay' })).toBeVisible();
  await expect(orderForm(page).getByTestId('margin-borrowed')).toHaveText(/^Borrowed: 0\.0+ SOL · [1-9][\d,]*\.\d{2} USDT$/);

  // The unified account's assets beside the header say what each coin owes.
  const assets = page.getByRole('table', { name: 'Your assets in this pair' });
  await expect(assets.getByRole('columnheader', { name: 'Borrowed' })).toBeVisible();
  await expect(assets.getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(2)).not.toHaveText(/^(0|--)$/);

  // P&L: the holding's unrealised figure; nothing realised yet. The market jumps 20 % up: the
  // figure follows the live price into a profit.
  await ordersRegion(page).getByRole('tab', { name: 'P&L' }).click();
  // The holding's P&L is counted in the pair's quote coin, and says so.
  const solPnl = ordersRegion(page).getByTestId('pnl-table').getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(1);
  await expect(solPnl).toHaveText(/ USDT$/);
  await expect(solPnl).toBeVisible();
  await expect(ordersRegion(page).getByText('Nothing realised · Last 7 days')).toBeVisible();
  const before = await solPnl.innerText();
  const ticker = await (await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json();
  const up = (Number(ticker.result.list[0].lastPrice) * 1.2).toFixed(2);
  expect((await page.request.post('/faults/price', { data: { symbol: 'SOLUSDT', price: up } })).ok()).toBe(true);
  await expect(solPnl.locator('.pnl--up')).toBeVisible({ timeout: scaled(20_000) });
  await expect(solPnl).not.toHaveText(before);

  await ordersRegion(page).getByRole('tab', { name: 'Positions' }).click();
  const position = ordersRegion(page).getByTestId('position-SOLUSDT');
  await expect(position).toBeVisible();
  await expect(position.getByRole('cell').first()).toHaveText('SOL/USDT');
  await position.getByRole('button', { name: 'Close at market' }).click();
  // Closing asks first, with what it sells.
  const closing = page.getByRole('dialog', { name: 'Close SOL/USDT at market?' });
  await expect(closing).toContainText('A market sell of');
  await closing.getByRole('button', { name: 'Sell at market' }).click();
  await expect(toast(page, /^Order filled: Sell/)).toHaveCount(1);

  // The close realised a profit or loss today, in USDT.
  await ordersRegion(page).getByRole('tab', { name: 'P&L' }).click();
  const today = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  await expect(ordersRegion(page).getByTestId('pnl-daily').getByRole('row', { name: new RegExp(`^${today} USDT`) })).toBeVisible();

  await ordersRegion(page).getByRole('tab', { name: 'Borrowings' }).click();
  await expect(ordersRegion(page).getByText('No borrowings')).toBeVisible();
});

test('forced unified balance polling reads at the configured interval (spec 4.13)', async ({ page }) => {
  const reads: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/unified/spot/v5/asset/unified')) reads.push(Date.now());
  });
  const name = await openAs(page, 'uta', PATH);
  expect((await page.request.post('/faults/account-flags', { data: { name, balancePollMs: 4000, balancePollForced: true } })).ok()).toBe(true);
  await page.reload();
  await expect(orderForm(page).getByRole('button', { name: 'Buy SOL' })).toBeVisible();
  // Two reads after the reload: the first an interval after the account appeared, the next one more.
  const from = reads.length;
  await expect.poll(() => reads.length - from, { timeout: scaled(20_000) }).toBeGreaterThanOrEqual(2);
  const gap = reads[from + 1]! - reads[from]!;
  expect(gap).toBeGreaterThan(3000);
});

test('a classic account has no leverage switch', async ({ page }) => {
  await openAs(page, 'classic', PATH);
  await expect(orderForm(page).getByRole('button', { name: 'Buy SOL' })).toBeVisible();
  await expect(orderForm(page).getByTestId('leverage-switch')).toHaveCount(0);
});

test('an isolated-margin unified account is told leverage is not supported (spec 4.5, 5.1)', async ({ page }) => {
  const name = await openAs(page, 'uta', PATH);
  const res = await page.request.post('/faults/margin-mode', { data: { name, mode: 'ISOLATED_MARGIN' } });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(orderForm(page).getByText('Leverage is not supported in isolated margin mode.')).toBeVisible({ timeout: scaled(20_000) });
  await expect(orderForm(page).getByRole('switch', { name: 'Leverage' })).toBeDisabled();
});

test('a leveraged order cannot be modified once its account is no longer unified (spec 5.5)', async ({ page }) => {
  const name = await openAs(page, 'uta', PATH);
  const lever = orderForm(page).getByRole('switch', { name: 'Leverage' });
  await lever.click();
  await page.getByRole('dialog', { name: /^Turn on leverage at/ }).getByRole('button', { name: 'Turn on leverage' }).click();
  await expect(lever).toBeChecked();
  const ticker = await (await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json();
  const price = (Number(ticker.result.list[0].lastPrice) * 0.8).toFixed(2);
  await orderForm(page).getByLabel('Order type').selectOption('limit');
  await orderForm(page).getByLabel('Price', { exact: true }).fill(price);
  await orderForm(page).getByLabel('Quantity', { exact: true }).fill('1');
  await orderForm(page).getByRole('button', { name: 'Buy SOL' }).click();
  await expect(toast(page, /^Order placed/)).toHaveCount(1);
  const rows = ordersRegion(page).locator('.orders-table tbody tr');
  await expect(rows).toHaveCount(1);

  // The account is made classic (a fault control); its leveraged order stays open.
  expect((await page.request.post('/faults/account-flags', { data: { name, unified: false } })).ok()).toBe(true);
  await page.reload();
  await expect(orderForm(page).getByTestId('leverage-switch')).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /^Modify order/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify SOL/USDT order' });
  await dialog.getByLabel('Price', { exact: true }).fill((Number(price) * 0.9).toFixed(2));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Leveraged orders cannot be modified on this account')).toHaveCount(1);
  // Nothing was sent: the exchange still holds the order at its price.
  const open = await page.request.get('/v5/order/realtime?category=spot&symbol=SOLUSDT', { headers: { 'x-requested-with': 'e2e' } });
  expect(((await open.json()) as { result: { list: Array<{ price: string }> } }).result.list.map((o) => Number(o.price))).toEqual([Number(price)]);
});
