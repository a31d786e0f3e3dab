import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// The money screens say what the exchange did and nothing more (issue 32). Each test signs up its
// own unified account; SUI/USDT and SOL/USDT have no fault that moves their price in these tests.
test.describe.configure({ timeout: scaled(90_000) });

const XRW = { 'x-requested-with': 'e2e' };
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

interface V5<T> {
  retCode: number;
  retMsg: string;
  result: T;
}

async function post<T = unknown>(page: Page, path: string, data: Record<string, unknown>): Promise<V5<T>> {
  const res = await page.request.post(path, { data, headers: XRW });
  return (await res.json()) as V5<T>;
}

async function get<T = unknown>(page: Page, path: string): Promise<V5<T>> {
  const res = await page.request.get(path, { headers: XRW });
  return (await res.json()) as V5<T>;
}

async function freeOf(page: Page, coin: string): Promise<string> {
  const w = await get<{ list: Array<{ coin: Array<{ coin: string; walletBalance: string; locked: string }> }> }>(page, `/v5/account/wallet-balance?accountType=UNIFIED&coin=${coin}`);
  const c = w.result.list[0]?.coin.find((x) => x.coin === coin);
  return c ? String(Number(c.walletBalance) - Number(c.locked || '0')) : '0';
}

test('repaying with no coin free says nothing was repaid and why; the loan stays as it was', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  expect((await post(page, '/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' })).retCode).toBe(0);
  expect((await post(page, '/v5/spot-margin-trade/set-leverage', { leverage: '3' })).retCode).toBe(0);
  // 100 SOL (about 19,000 USDT) with 10,000 USDT: every USDT is spent and the rest borrowed.
  const buy = await post(page, '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', qty: '100', marketUnit: 'baseCoin', isLeverage: 1 });
  expect(buy.retCode, buy.retMsg).toBe(0);
  expect(Number(await freeOf(page, 'USDT'))).toBe(0);

  // The order lists' filters are over the order lists; Borrowings is not filtered by them, so they are not there.
  await expect(ordersRegion(page).getByRole('checkbox', { name: 'Show all trading pairs' })).toBeVisible();
  await ordersRegion(page).getByRole('tab', { name: 'Borrowings' }).click();
  const loan = ordersRegion(page).getByTestId('liability-USDT');
  await expect(loan).toBeVisible();
  await expect(ordersRegion(page).getByRole('checkbox', { name: 'Show all trading pairs' })).toHaveCount(0);
  await expect(ordersRegion(page).getByRole('combobox', { name: 'Trade origin' })).toHaveCount(0);
  const before = await loan.getByRole('cell').nth(1).innerText();
  expect(before).toMatch(/ USDT$/);
  await loan.getByRole('button', { name: 'Repay' }).click();
  await expect(toast(page, 'Nothing repaid: no USDT is free in your account.')).toHaveCount(1);
  await expect(toast(page, /repaid$/)).toHaveCount(0);
  await expect(loan.getByRole('cell').nth(1)).toHaveText(before);

  // The borrowing history (spec 2.12): the loan, with what is left of it as Borrowings says. (What the
  // market buy borrowed beyond its fills went back at once: that is a repayment, and it says so.)
  const loans = ordersRegion(page).getByTestId('loan-history');
  await expect(loans.locator('tbody tr')).toHaveCount(1);
  await expect(loans.locator('tbody tr').getByRole('cell').nth(3)).toHaveText(before);
  const repayments = ordersRegion(page).getByTestId('repayment-history').locator('tbody tr');
  const repaidBefore = await repayments.count();
  // Selling the SOL repays the loan from what it brings: the loan is paid off, the repayment listed.
  const sell = await post(page, '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Sell', orderType: 'Market', qty: '99', marketUnit: 'baseCoin' });
  expect(sell.retCode, sell.retMsg).toBe(0);
  await expect(ordersRegion(page).getByText('No borrowings')).toBeVisible();
  // And the page says so once, in the loan's figures: what the sale repaid, from the loan shown before.
  const repaidBySale = toast(page, /^Your fill's USDT repaid [\d,]+\.\d+ USDT: the USDT loan is paid off/);
  await expect(repaidBySale).toHaveCount(1);
  expect(/repaid ([\d,]+\.\d+) USDT/.exec(await repaidBySale.innerText())![1]).toBe(before.replace(/ USDT$/, ''));
  await expect(loans.locator('tbody tr')).toContainText('Paid off');
  // Each fill of the sale repays from what it brought: one repayment each.
  await expect.poll(() => repayments.count()).toBeGreaterThan(repaidBefore);
  // None of them was the user's: the sale's proceeds and the market buy's unused borrowing were
  // repaid by the exchange itself, and the history says so (third walkthrough: "By You").
  for (const row of await repayments.all()) await expect(row).toContainText('Automatic (from a fill or unused borrowing)');
  await expect(loans.locator('tbody tr').getByRole('cell').nth(3)).toHaveText(/^0(\.0+)? USDT$/);
  await ordersRegion(page).getByRole('region', { name: 'Borrowing history' }).getByRole('combobox', { name: 'Show' }).selectOption('unpaid');
  await expect(ordersRegion(page).getByText('No loans here')).toBeVisible();
});

test('a leveraged order is labelled by its type, not as a liquidation, with Modify and Cancel', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/XRP/USDT');
  expect((await post(page, '/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' })).retCode).toBe(0);
  const ticker = await get<{ list: Array<{ lastPrice: string }> }>(page, '/v5/market/tickers?category=spot&symbol=XRPUSDT');
  const low = (Number(ticker.result.list[0]!.lastPrice) * 0.8).toFixed(4);
  const resting = await post<{ orderId: string }>(page, '/v5/order/create', { category: 'spot', symbol: 'XRPUSDT', side: 'Buy', orderType: 'Limit', qty: '10', price: low, isLeverage: 1 });
  expect(resting.retCode, resting.retMsg).toBe(0);
  const row = ordersRegion(page).locator('.orders-table tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Limit');
  await expect(row).not.toContainText('liquidate');
  await expect(row.getByRole('button', { name: `Modify order ${resting.result.orderId}` })).toBeVisible();
});

/** A decimal string as an integer at `scale` places ('-1.5', 2 → -150n). */
function atScale(s: string, scale: number): bigint {
  const [int, frac = ''] = s.replace('-', '').split('.');
  const v = BigInt(`${int}${frac.padEnd(scale, '0').slice(0, scale)}`);
  return s.startsWith('-') ? -v : v;
}

/** An exact sum (`value` at `scale` places) at two places, cut toward zero, grouped as the page writes it in English. */
function cents(value: bigint, scale: number): string {
  const neg = value < 0n;
  const c = (neg ? -value : value) / 10n ** BigInt(scale - 2);
  const whole = (c / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg && c !== 0n ? '-' : ''}${whole}.${(c % 100n).toString().padStart(2, '0')}`;
}

/** Realised P&L of a pair's fills replayed by hand: average cost, buy fees in the base coin, sell fees in the quote coin. */
function replay(fills: ReadonlyArray<{ side: string; execQty: string; execValue: string; execFee: string; feeCurrency: string }>, base: string): number {
  let held = 0;
  let cost = 0;
  let realised = 0;
  for (const f of fills) {
    const qty = Number(f.execQty);
    const value = Number(f.execValue);
    const fee = Number(f.execFee);
    if (f.side === 'Buy') {
      held += f.feeCurrency === base ? qty - fee : qty;
      cost += f.feeCurrency === base ? value : value + fee;
    } else {
      const out = Math.min(held, f.feeCurrency === base ? qty + fee : qty);
      const taken = (cost * out) / held;
      realised += (f.feeCurrency === base ? value : value - fee) - taken;
      cost -= taken;
      held -= out;
    }
  }
  return realised;
}

test('P&L: what closing fills realised adds up to the fills replayed by hand, in USDT, and is never called "no profit or loss"', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const order = async (side: 'Buy' | 'Sell', qty: string) => {
    const r = await post(page, '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side, orderType: 'Market', qty, marketUnit: 'baseCoin' });
    expect(r.retCode, r.retMsg).toBe(0);
  };
  await order('Buy', '10');
  await order('Sell', '4');
  // What is left of the holding, to the lot (0.001): sold too, so no position is open.
  const rest = (Math.floor(Number(await freeOf(page, 'SOL')) * 1000) / 1000).toFixed(3);
  await order('Sell', rest);

  const fills = await get<{ list: Array<{ side: string; execQty: string; execValue: string; execFee: string; feeCurrency: string; execTime: string }> }>(
    page, '/v5/execution/list?category=spot&symbol=SOLUSDT&limit=100',
  );
  const oldestFirst = [...fills.result.list].sort((a, b) => Number(a.execTime) - Number(b.execTime));
  const want = replay(oldestFirst, 'SOL');
  expect(want).not.toBe(0);

  await ordersRegion(page).getByRole('tab', { name: 'P&L' }).click();
  const realised = ordersRegion(page).getByTestId('pnl-realised').getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(1);
  await expect(realised).toHaveText(/ USDT$/);
  const shown = Number((await realised.innerText()).replace(/ USDT$/, '').replace(/,/g, '').replace('−', '-'));
  expect(Math.abs(shown - want)).toBeLessThan(0.01);
  // Exactly the exchange's closed P&L, added up, at USDT's two places and cut toward zero as every
  // amount on the page (fourth walkthrough: P&L at four places of its own read 0.0000 BTC for a loss).
  const closed = await get<{ list: Array<{ closedPnl: string }> }>(page, '/v5/position/closed-pnl?category=spot&symbol=SOLUSDT&limit=100');
  const sum = closed.result.list.reduce((a, r) => a + atScale(r.closedPnl, 18), 0n);
  expect(closed.result.list.length).toBeGreaterThan(0);
  await expect(realised).toHaveText(`${cents(sum, 18)} USDT`);
  const shownText = await realised.innerText();
  await expect(ordersRegion(page).getByText('No profit or loss yet')).toHaveCount(0);

  // Longer ranges read again and include the same fills.
  await ordersRegion(page).getByLabel('Period').selectOption('30');
  await expect(ordersRegion(page).getByRole('region', { name: 'Realised P&L · Last 30 days' })).toBeVisible();
  await expect(ordersRegion(page).getByTestId('pnl-realised').getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(1)).toHaveText(shownText);
  // 180 days are 26 seven-day reads, past the endpoint's 20 a second (issue 32's walkthrough: "Loading…" for good).
  await ordersRegion(page).getByLabel('Period').selectOption('180');
  await expect(ordersRegion(page).getByRole('region', { name: 'Realised P&L · Last 180 days' })).toBeVisible();
  await expect(ordersRegion(page).getByTestId('pnl-realised').getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(1)).toHaveText(shownText);

  // Trade analysis (issue 32: it was seven market figures): the pair's fills (one per book level each took), what they bought
  // and what the closing fills realised, the same figure as P&L.
  await page.getByRole('tab', { name: 'Trade analysis' }).click();
  const total = page.getByTestId('trade-analysis-table').getByRole('row', { name: /^Total/ });
  await expect(total.getByRole('cell').nth(0)).toHaveText(String(oldestFirst.length));
  await expect(total.getByRole('cell').nth(1)).toHaveText(/^10(\.0+)? SOL$/);
  await expect(total.getByRole('cell').last()).toHaveText(shownText);
  // Over 180 days too (26 reads of the execution list).
  await page.getByTestId('trade-analysis-table').locator('xpath=ancestor::*[.//select][1]').getByLabel('Period').selectOption('180');
  await expect(total.getByRole('cell').last()).toHaveText(shownText);
  await expect(page.getByText('Failed to load data')).toHaveCount(0);
});

test('what a close leaves under the quantity step is no position: no row, no Close that can only fail, no chart line, no P&L', async ({ page }) => {
  // Issue 32's walkthrough: after a close, "SOL/USDT 0.000000 …" stayed in Positions with a Close
  // at market that sent qty "0.000000" and was refused.
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  await form.getByLabel('Order type').selectOption('market');
  const qty = form.getByLabel('Quantity', { exact: true });
  await qty.fill('1.234');
  await qty.blur();
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await expect(toast(page, /^Order filled: Buy 1\.234 SOL/)).toHaveCount(1);
  await ordersRegion(page).getByRole('tab', { name: 'Positions' }).click();
  const row = ordersRegion(page).getByTestId('position-SOLUSDT');
  // 1.234 SOL less the 0.1 % fee in SOL: 1.232766, shown at SOL's 3 decimals.
  await expect(row).toContainText('1.232');
  await row.getByRole('button', { name: 'Close at market' }).click();
  await page.getByRole('dialog', { name: 'Close SOL/USDT at market?' }).getByRole('button', { name: 'Sell at market' }).click();
  await expect(toast(page, /^Order filled: Sell 1\.232 SOL/)).toHaveCount(1);
  // The exchange still counts the 0.000766 SOL the fee's decimals left.
  await expect.poll(async () => (await post<{ list: Array<{ size: string }> }>(page, '/unified/integrated/v5/queryPositions', { needSort: 0, symbol: 'SOLUSDT' })).result.list[0]?.size).toBe('0.000766');
  await expect(row).toHaveCount(0);
  await expect(ordersRegion(page).getByRole('button', { name: 'Close at market' })).toHaveCount(0);
  await expect(page.getByTestId('chart-position')).toHaveCount(0);
  await ordersRegion(page).getByRole('tab', { name: 'P&L' }).click();
  await expect(ordersRegion(page).getByTestId('pnl-table').getByRole('row', { name: /^USDT 0\.0+ USDT/ })).toHaveCount(0);
});

// Fourth walkthrough: fields changed amounts silently. What was typed stays, and what is wrong with it is said at once.
test('a quantity below the minimum stays as typed and is told at once, with its unit; a value over the maximum says why it changed', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
  const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  let creates = 0;
  page.on('request', (r) => void (r.url().includes('/v5/order/create') && creates++));
  await form.getByLabel('Order type').selectOption('limit');
  const qty = form.getByLabel('Quantity', { exact: true });
  await qty.fill('0.0000001');
  await qty.blur();
  await expect(qty).toHaveValue('0.0000001');
  await expect(qty).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${await qty.getAttribute('aria-describedby')}"]`)).toHaveText('The quantity must be at least 0.000048 BTC');
  await qty.fill('0.0001');
  await expect(qty).not.toHaveAttribute('aria-invalid', 'true');

  // A market buy by amount over the pair's most for one order (4,000,000 USDT) is brought down to it, and says so.
  await form.getByLabel('Order type').selectOption('market');
  await form.getByRole('radiogroup', { name: 'Market order by' }).getByRole('radio', { name: 'By amount' }).click();
  const amount = form.getByLabel('Amount', { exact: true });
  await amount.fill('5000000');
  await amount.blur();
  await expect(amount).toHaveValue('4000000');
  await expect(form.getByRole('status').filter({ hasText: 'Changed to 4,000,000 USDT: the most one order on this pair may be' })).toBeVisible();
  await amount.fill('100');
  await expect(form.getByText('Changed to 4,000,000 USDT')).toHaveCount(0);
  expect(creates).toBe(0);

  // The iceberg form says the minimum, with its unit, not "Enter the total quantity".
  await page.getByRole('tablist', { name: 'Trading modes' }).getByRole('tab', { name: 'Tools', exact: true }).click();
  await page.getByRole('button', { name: 'Iceberg', exact: true }).click();
  const iceberg = page.getByTestId('tool-form-iceberg');
  const total = iceberg.getByLabel('Total quantity');
  await total.fill('0.0000001');
  await expect(total).toHaveValue('0.0000001');
  await expect(iceberg.getByText('The quantity must be at least 0.000048 BTC')).toBeVisible();
  await expect(iceberg.getByText('Enter the total quantity')).toHaveCount(0);
  await expect(iceberg.getByRole('button', { name: 'Start Iceberg' })).toBeDisabled();
});

// Fourth walkthrough: selling 0.3 BTC while holding 0.1 (0.2 borrowed) and buying back made no position and no realised P&L.
test('a leveraged sell beyond the holding is a short in Positions; buying it back realises P&L, as the exchange reports it', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  expect((await post(page, '/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' })).retCode).toBe(0);
  // A new account holds no SOL: a 2 SOL leveraged sell borrows all of it.
  expect(Number(await freeOf(page, 'SOL'))).toBe(0);
  const sell = await post(page, '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Sell', orderType: 'Market', qty: '2', marketUnit: 'baseCoin', isLeverage: 1 });
  expect(sell.retCode, sell.retMsg).toBe(0);
  const wire = await post<{ list: Array<{ side: string; size: string; avgPrice: string }> }>(page, '/unified/integrated/v5/queryPositions', { needSort: 0, symbol: 'SOLUSDT' });
  expect(wire.result.list).toEqual([expect.objectContaining({ side: 'Sell', size: '2' })]);

  await ordersRegion(page).getByRole('tab', { name: 'Positions' }).click();
  const row = ordersRegion(page).getByTestId('position-SOLUSDT-short');
  await expect(row).toContainText('Short');
  await expect(row).toContainText('2.000 SOL');
  await expect(row).toContainText(`${Number(wire.result.list[0]!.avgPrice).toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT`);
  await expect(ordersRegion(page).getByTestId('position-SOLUSDT')).toHaveCount(0);
  // Closing buys it back at market: the dialog says so.
  await row.getByRole('button', { name: 'Close at market' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close SOL/USDT at market?' });
  await expect(dialog).toContainText('A market buy of 2.000 SOL to buy the short back');
  await dialog.getByRole('button', { name: 'Buy at market' }).click();
  await expect(toast(page, /^Order filled: Buy 2 SOL/)).toHaveCount(1);

  // The exchange reports the closing buy's P&L; the P&L tab adds it up.
  const closed = await get<{ list: Array<{ side: string; closedPnl: string }> }>(page, '/v5/position/closed-pnl?category=spot&symbol=SOLUSDT&limit=100');
  expect(closed.result.list.length).toBeGreaterThan(0);
  expect(closed.result.list.every((r) => r.side === 'Buy')).toBe(true);
  const sum = closed.result.list.reduce((a, r) => a + atScale(r.closedPnl, 18), 0n);
  await ordersRegion(page).getByRole('tab', { name: 'P&L' }).click();
  const realised = ordersRegion(page).getByTestId('pnl-realised').getByRole('row', { name: /^USDT/ }).getByRole('cell').nth(1);
  await expect(realised).toHaveText(`${cents(sum, 18)} USDT`);
});
