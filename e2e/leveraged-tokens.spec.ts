import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

/** The panel's available balance as a number ('9,950.03 USDT' → 9950.03). */
const availableOf = (text: string | null) => Number((text ?? '').replace(/,/g, '').split(' ')[0]);

// Leveraged tokens end to end (issue 18): the trading page's subscribe and redeem forms against
// the exchange's NAV engine, the records tab live from the private pushes, 4.8's toasts, and each
// refusal the exchange can be driven into with /faults/lever-token and /faults/lt-order. Each test
// signs up its own account, and a token's status and risk state are changed for its own page only
// (its fault scope), so tests side by side never see each other's.

const panel = (page: Page) => page.getByTestId('lt-panel');

test.beforeEach(({ page }) => recordToasts(page));
async function expectToast(page: Page, re: RegExp): Promise<void> {
  await expect.poll(async () => (await toastTexts(page)).find((t) => re.test(t)) ?? (await toastTexts(page)).join(' | '), { timeout: scaled(15_000) }).toMatch(re);
}

async function ltOrderFault(page: Page, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/faults/lt-order', { data });
  expect(res.ok(), await res.text()).toBe(true);
}
/** A token's status or risk state as this test's page sees it (its fault scope only). */
async function tokenFault(page: Page, scope: string, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/faults/lever-token', { data: { ...data, scope } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Holds the account's orders in progress until `settleHeld` releases them: the exchange settles an
 * order 1.5 s after it is placed by its own timer, which a slow machine races (the page may not have
 * shown "in progress" yet, or the test waits on the timer); held, each step waits only for what the
 * page shows.
 */
async function holdOrders(page: Page, name: string): Promise<void> {
  await ltOrderFault(page, { name, settleMs: 600_000 });
}
/** Once the page shows the order in progress, the exchange settles it (and the account's other held ones). */
async function settleHeld(page: Page, name: string): Promise<void> {
  await expect(panel(page).getByTestId('lt-status')).toHaveText('In progress: the exchange is processing your order');
  await ltOrderFault(page, { name, release: true });
  await expect(panel(page).getByTestId('lt-status')).toHaveCount(0);
}

async function submit(page: Page, mode: 'Subscribe' | 'Redeem', value: string): Promise<void> {
  const p = panel(page);
  await p.getByRole('tab', { name: mode }).click();
  await p.getByLabel(mode === 'Subscribe' ? 'Amount' : 'Quantity').fill(value);
  await p.getByRole('button', { name: mode }).click();
}

/** The records tab of the unified account's orders area, on the given sub-tab. */
async function records(page: Page, sub: 'Subscription' | 'Redemption') {
  await page.getByRole('tab', { name: 'Subscription & redemption' }).click();
  const r = page.getByTestId('lt-records');
  await r.getByRole('tab', { name: sub }).click();
  return r;
}

test('subscribe 100 USDT of BTC3L: in progress, then completed in the records tab and the balance', async ({ page }) => {
  const name = await openAs(page, 'uta', '/en/trade/spot/BTC3L/USDT');
  await expect(panel(page).getByTestId('lt-nav')).toHaveText(/^\d+\.\d+ USDT$/);
  await expect(panel(page).getByTestId('lt-available')).toHaveText('10,000.00 USDT');
  // Spec 2.10: the book's price line shows the engine's NAV beside the last price.
  const bookNav = page.getByTestId('book-price-line').locator('.price-line__nav');
  await expect(bookNav).toHaveText(/^NAV [\d.,]+$/);
  const navOf = async () => Number((await panel(page).getByTestId('lt-nav').textContent())!.replace(/[^\d.]/g, ''));
  await expect.poll(async () => Math.abs(Number((await bookNav.textContent())!.replace(/[^\d.]/g, '')) / (await navOf()) - 1)).toBeLessThan(0.01);
  // Held in progress until the test has seen it so, then released (a timer would race a slow machine).
  await holdOrders(page, name);
  // A slow answer says it is awaited, and the button is busy (walkthrough 7, B5).
  const scope = await faultScope(page);
  expect((await page.request.post('/faults/rest', { data: { path: '/v5/spot-lever-token/purchase', delayMs: 2000, scope, times: 1 } })).ok()).toBe(true);
  await submit(page, 'Subscribe', '100');
  await expect(panel(page).getByTestId('lt-waiting')).toHaveText('Sent; waiting for the exchange\'s answer…');
  await expect(panel(page).getByRole('button', { name: 'Subscribe', exact: true })).toHaveAttribute('aria-busy', 'true');
  await expect(panel(page).getByTestId('lt-status')).toHaveText('In progress: the exchange is processing your order');
  await expect(panel(page).getByTestId('lt-waiting')).toHaveCount(0);
  const r = await records(page, 'Subscription');
  const row = r.getByRole('row').nth(1);
  await expect(row.getByTestId('lt-record-status')).toHaveText('In progress');
  // Amounts at their coin's display precision (spec 5.12).
  await expect(row).toContainText('100.00 USDT');
  await ltOrderFault(page, { name, release: true });
  await expect(row.getByTestId('lt-record-status')).toHaveText('Completed');
  await expectToast(page, /Subscription completed: [\d.,]+ BTC3L for 100\.00 USDT/);
  const received = (await row.getByRole('cell').nth(3).textContent())!.replace(' BTC3L', '').replace(/,/g, '');
  expect(Number(received)).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(4)).toHaveText('0.05 USDT');
  await expect(panel(page).getByTestId('lt-available')).toHaveText('9,900.00 USDT');
  await panel(page).getByRole('tab', { name: 'Redeem' }).click();
  // At the token's display precision (spec 5.12), truncated: within one step of what the record says.
  await expect.poll(async () => Math.abs(availableOf(await panel(page).getByTestId('lt-available').textContent()) - Number(received))).toBeLessThan(0.001);
  await expect(r.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/subscription');
});

test('redeem BTC3L: the tokens go, USDT comes back less the fee; the redemption sub-tab shows it', async ({ page }) => {
  test.slow(true, 'two orders, each placed, shown in progress and settled, and two toasts');
  const name = await openAs(page, 'uta', '/en/trade/spot/BTC3L/USDT');
  await holdOrders(page, name);
  await submit(page, 'Subscribe', '100');
  await settleHeld(page, name);
  await expectToast(page, /Subscription completed/);
  await submit(page, 'Redeem', '40');
  await settleHeld(page, name);
  await expectToast(page, /Redemption completed: 40(\.0+)? BTC3L for [\d.,]+ USDT/);
  const r = await records(page, 'Redemption');
  const row = r.getByRole('row').nth(1);
  await expect(row.getByTestId('lt-record-status')).toHaveText('Completed');
  await expect(row).toContainText(/40(\.0+)? BTC3L/);
  const got = Number((await row.getByRole('cell').nth(3).textContent())!.replace(' USDT', '').replace(/,/g, ''));
  const fee = Number((await row.getByRole('cell').nth(4).textContent())!.replace(' USDT', '').replace(/,/g, ''));
  // The fee is 0.05 % of what the 40 tokens were worth (both shown at USDT's 2 decimals, truncated).
  expect(Math.abs(fee - (got + fee) * 0.0005)).toBeLessThan(0.011);
  await expect(r.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/redemption');
  await panel(page).getByRole('tab', { name: 'Subscribe' }).click();
  await expect.poll(async () => Math.abs(availableOf(await panel(page).getByTestId('lt-available').textContent()) - (9900 + got))).toBeLessThan(0.02);
});

test.describe('refusals the exchange can be driven into', () => {
  test('subscription: closed, position change, closing position, invalid NAV, the wear warning, a failed fill', async ({ page }) => {
    test.slow(true, 'nine refusals, each a fault pushed to the page and a submit, then an order that fails');
    const scope = await faultScope(page);
    const name = await openAs(page, 'uta', '/en/trade/spot/ETH3L/USDT');
    const p = panel(page);
    const error = p.getByTestId('lt-error');
    try {
      for (const [fault, message] of [
        [{ ltStatus: 3 }, 'Subscription of this token is closed'],
        [{ ltStatus: 4 }, 'Subscription of this token is closed'],
        [{ rebalance: true }, 'The token is rebalancing (position change); try again shortly'],
        [{ riskState: 4, riskSwitchStatus: 1 }, 'The token is closing its position; subscription is unavailable'],
        [{ navZero: true }, 'The net asset value is invalid; subscription is unavailable'],
      ] as const) {
        await tokenFault(page, scope, { ltCoin: 'ETH3L', clear: true, ...fault });
        // The NAV push carries the new state to the page within 300 ms.
        if ('ltStatus' in fault) await expect(p).toHaveAttribute('data-st', String(fault.ltStatus));
        if ('rebalance' in fault) await expect(p.getByTestId('lt-panel-status')).toHaveText('Rebalancing (position change)');
        if ('riskState' in fault) await expect(p).toHaveAttribute('data-risk-state', '4');
        if ('navZero' in fault) await expect(p.getByTestId('lt-nav')).toHaveText(/^0(\.0+)? USDT$/);
        await submit(page, 'Subscribe', '100');
        await expect(error).toHaveText(message);
      }
      // Checks 1, 2, 8 and 9 on an open token.
      await tokenFault(page, scope, { ltCoin: 'ETH3L', clear: true });
      await expect(p.getByTestId('lt-nav')).not.toHaveText(/^0(\.0+)? USDT$/);
      await expect(p.getByTestId('lt-panel-status')).toHaveText('Subscription and redemption open');
      await submit(page, 'Subscribe', '0');
      await expect(error).toHaveText('Enter an amount');
      await submit(page, 'Subscribe', '10000.5');
      await expect(error).toHaveText('Not enough USDT');
      await submit(page, 'Subscribe', '99');
      await expect(error).toHaveText('The minimum amount is 100 USDT');
      // riskState 5 only warns: the order goes; this one fails when it settles.
      await tokenFault(page, scope, { ltCoin: 'ETH3L', riskState: 5 });
      await expect(p).toHaveAttribute('data-risk-state', '5');
      await ltOrderFault(page, { name, fail: 1 });
      await holdOrders(page, name);
      await submit(page, 'Subscribe', '100');
      await expect(p.getByRole('status').filter({ hasText: 'wearing through' })).toBeVisible();
      await settleHeld(page, name);
      const r = await records(page, 'Subscription');
      await expect(r.getByRole('row').nth(1).getByTestId('lt-record-status')).toHaveText('Failed');
      await expectToast(page, /^Operation failed.*Your ETH3L order could not be filled; the funds are back in your balance/);
      await expect(r.getByRole('row').nth(1).getByTestId('lt-record-status')).toHaveText('Failed');
      await expect(p.getByTestId('lt-available')).toHaveText('10,000.00 USDT');
    } finally {
      await tokenFault(page, scope, { ltCoin: 'ETH3L', clear: true });
    }
  });

  test('redemption: closed, position change, worn-through position, invalid NAV, below the minimum', async ({ page }) => {
    test.slow(true, 'a settled subscription, then seven refusals, each a fault pushed to the page and a submit');
    const scope = await faultScope(page);
    const name = await openAs(page, 'uta', '/en/trade/spot/ETH3S/USDT');
    const p = panel(page);
    const error = p.getByTestId('lt-error');
    try {
      await holdOrders(page, name);
      await submit(page, 'Subscribe', '100');
      await settleHeld(page, name);
      await expectToast(page, /Subscription completed/);
      await submit(page, 'Redeem', '100000');
      await expect(error).toHaveText('Not enough ETH3S');
      for (const [fault, message] of [
        [{ ltStatus: 2 }, 'Redemption of this token is closed'],
        [{ ltStatus: 4 }, 'Redemption of this token is closed'],
        [{ ltStatus: 5 }, 'The token is rebalancing (position change); try again shortly'],
        [{ riskState: 4, riskSwitchStatus: 0 }, "The token's position has worn through; redemption is unavailable"],
        [{ navZero: true }, 'The net asset value is invalid; redemption is unavailable'],
      ] as const) {
        await tokenFault(page, scope, { ltCoin: 'ETH3S', clear: true, ...fault });
        if ('ltStatus' in fault) await expect(p).toHaveAttribute('data-st', String(fault.ltStatus));
        if ('riskState' in fault) await expect(p).toHaveAttribute('data-risk-state', '4');
        if ('navZero' in fault) await expect(p.getByTestId('lt-nav')).toHaveText(/^0(\.0+)? USDT$/);
        await submit(page, 'Redeem', '125');
        await expect(error).toHaveText(message);
      }
      await tokenFault(page, scope, { ltCoin: 'ETH3S', clear: true });
      await expect(p.getByTestId('lt-nav')).not.toHaveText(/^0(\.0+)? USDT$/);
      await expect(p).toHaveAttribute('data-st', '1');
      await submit(page, 'Redeem', '124.999');
      await expect(error).toHaveText('The minimum quantity is 125 ETH3S');
    } finally {
      await tokenFault(page, scope, { ltCoin: 'ETH3S', clear: true });
    }
  });
});

test('the detail page: project info, three sections with live NAV, light theme; linked from the trading page', async ({ page }) => {
  await openAs(page, 'uta', '/en/trade/spot/BTC3L/USDT');
  // The NAV at the trade panel's places there too (sixth walkthrough: "1.24266173 USDT" beside "NAV 1.2374 USDT").
  await expect(panel(page).getByTestId('lt-nav')).toHaveText(/^\d+\.\d+ USDT$/);
  const places = /\.(\d+) /.exec((await panel(page).getByTestId('lt-nav').textContent())!)![1]!.length;
  await panel(page).getByRole('link', { name: 'Project info' }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/lt\/BTC3L\/USDT$/);
  await expect(page.getByTestId('lt-detail-nav')).toHaveText(new RegExp(`^[\\d,]+\\.\\d{${places}} USDT$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Project info' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('main section')).toHaveCount(3);
  await expect(page.getByTestId('lt-detail-nav')).toHaveText(/^[\d.]+ USDT$/);
  await expect(page.getByTestId('lt-detail-leverage')).toHaveText(/^[234](\.\d+)?×$/);
  await expect(page.getByRole('region', { name: 'Fees and limits' })).toContainText('0.05%');
});

test.describe('the records tab of spec 2.12: shown where compliance allows it and not on demo', () => {
  const ordersRegion = (page: Page) => page.getByRole('region', { name: 'Orders' });
  const ltTab = (page: Page) => ordersRegion(page).getByRole('tab', { name: 'Subscription & redemption' });

  test('a classic account has it beside its order tabs, with both sub-tabs and their all-orders links', async ({ page }) => {
    await openAs(page, 'classic', '/en/trade/spot/BTC3L/USDT');
    await ltTab(page).click();
    const r = page.getByTestId('lt-records');
    await expect(r.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/subscription');
    await r.getByRole('tab', { name: 'Redemption' }).click();
    await expect(r.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/redemption');
    await expect(r.getByText('No orders')).toBeVisible();
  });

  test('compliance hides it (ltRecords false), and a demo account never has it', async ({ page }) => {
    test.slow(true, 'three page loads: the unified account, again with compliance off, then a demo account');
    const scope = await faultScope(page);
    await openAs(page, 'uta', '/en/trade/spot/BTC3L/USDT');
    await expect(ltTab(page)).toHaveCount(1);
    expect((await page.request.post('/faults/compliance', { data: { scope, ltRecords: false } })).ok()).toBe(true);
    await page.reload();
    await expect(ordersRegion(page).getByRole('tab', { name: 'Order history' })).toBeVisible();
    await expect(ltTab(page)).toHaveCount(0);
    expect((await page.request.post('/faults/compliance', { data: { scope, reset: true } })).ok()).toBe(true);
    await page.context().clearCookies();
    await openAs(page, 'demo', '/en/trade/spot/BTC3L/USDT');
    await expect(ordersRegion(page).getByRole('tab', { name: 'Order history' })).toBeVisible();
    await expect(ltTab(page)).toHaveCount(0);
  });
});
