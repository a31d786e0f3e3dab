import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Alerts that reach you (issue 35 item 3) against the local exchange, with the keyboard and mouse
// only: an alert is made in the header's Alerts dialog, the market is moved with the exchange's
// price fault (or an order fills), and the alert arrives as a system notification (observed by
// wrapping the browser's window.Notification in an init script) and as a toast; after a reload
// the dialog lists it as fired. Each test signs up its own account and moves its own pair.
test.describe.configure({ timeout: scaled(120_000) });

const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const alertsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Alerts/ });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Alerts' });
const items = (page: Page) => dialog(page).getByRole('list', { name: 'Your alerts' }).getByRole('listitem');

interface Note {
  title: string;
  body: string;
  tag: string;
}

/**
 * Wraps window.Notification before the page runs: every notification the page shows is recorded
 * in window.__notes and every permission request counted in window.__asked. With `answer`, the
 * browser's permission stays 'default' until asked and the request answers `answer` (a user's
 * click on the browser's prompt); without it, the context's real permission stands.
 */
async function watchNotifications(page: Page, answer?: NotificationPermission): Promise<void> {
  await page.addInitScript((answerArg) => {
    const w = window as unknown as { __notes: Note[]; __asked: number; Notification: typeof Notification };
    const Real = window.Notification;
    w.__notes = [];
    w.__asked = 0;
    let state: NotificationPermission | undefined = answerArg === null ? undefined : 'default';
    class Watched extends Real {
      constructor(title: string, opts?: NotificationOptions) {
        super(title, opts);
        w.__notes.push({ title, body: opts?.body ?? '', tag: opts?.tag ?? '' });
      }
      static override get permission(): NotificationPermission {
        return state ?? Real.permission;
      }
      static override async requestPermission(): Promise<NotificationPermission> {
        w.__asked++;
        if (answerArg === null) return Real.requestPermission();
        state = answerArg as NotificationPermission;
        return state;
      }
    }
    w.Notification = Watched as unknown as typeof Notification;
  }, answer ?? null);
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: Note[] }).__notes);
const asked = (page: Page) => page.evaluate(() => (window as unknown as { __asked: number }).__asked);

async function lastPrice(page: Page, symbol: string): Promise<number> {
  const body = (await (await page.request.get(`/v5/market/tickers?category=spot&symbol=${symbol}`)).json()) as { result: { list: Array<{ lastPrice: string }> } };
  return Number(body.result.list[0]!.lastPrice);
}

async function movePrice(page: Page, symbol: string, price: string): Promise<void> {
  const res = await page.request.post('/faults/price', { data: { symbol, price } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Opens the Alerts dialog from the header with the mouse. */
async function openAlerts(page: Page): Promise<void> {
  await alertsButton(page).click();
  await expect(dialog(page)).toBeVisible();
}

/** Fills the dialog's form with the keyboard (Tab between fields) and creates the alert. */
async function createAlert(page: Page, kind: string, fields: { price?: string; pair?: string } = {}): Promise<void> {
  await dialog(page).getByLabel('Alert type').selectOption({ label: kind });
  if (fields.pair) await dialog(page).getByLabel('Pair').selectOption({ label: fields.pair });
  if (fields.price !== undefined) {
    await dialog(page).getByLabel('Price', { exact: true }).focus();
    await page.keyboard.type(fields.price);
  }
  const before = await items(page).count();
  await dialog(page).getByRole('button', { name: 'Create alert' }).click();
  await expect(items(page)).toHaveCount(before + 1);
}

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('unified: a price alert made in the dialog fires once as a notification when the price crosses, in every tab, and is listed as fired after a reload', async ({ page }) => {
    await watchNotifications(page);
    await openAs(page, 'uta', '/en/trade/spot/SUI/USDT');
    const last = await lastPrice(page, 'SUIUSDT');
    // As the page writes it (no trailing zeros).
    const target = String(Number((last * 1.05).toFixed(4)));
    await openAlerts(page);
    await expect(dialog(page).getByText('No alerts yet.')).toBeVisible();
    await createAlert(page, 'Price rises above', { price: target });
    await expect(toast(page, 'Alert created')).toBeVisible();
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText(`SUI/USDT rises above ${target}`);
    await expect(items(page).first()).toContainText('Waiting');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(alertsButton(page)).toHaveAccessibleName(/^Alerts\s*1 waiting$/);
    // A second tab of the same browser lists it too.
    const other = await page.context().newPage();
    await watchNotifications(other);
    await other.goto('/en/trade/spot/SUI/USDT');
    await expect(orderForm(other)).toBeVisible({ timeout: scaled(20_000) });
    await openAlerts(other);
    await expect(items(other).first()).toContainText('Waiting');

    await movePrice(page, 'SUIUSDT', (last * 1.12).toFixed(4));
    await expect.poll(() => notes(page), { timeout: scaled(20_000) }).toContainEqual(expect.objectContaining({ title: 'Alert', body: expect.stringMatching(/^SUI\/USDT rose above [\d.,]+: traded at [\d.,]+$/) }));
    await expect(toast(page, /SUI\/USDT rose above/)).toBeVisible();
    // The other tab hears the same push: its list says fired, and its notification has the same tag (the system shows one).
    await expect(items(other).first()).toContainText('Fired');
    await expect.poll(() => notes(other)).toHaveLength(1);
    expect((await notes(other))[0]!.tag).toBe((await notes(page))[0]!.tag);
    // Up again after a dip: it fired already, so no second notification.
    await movePrice(page, 'SUIUSDT', (last * 0.98).toFixed(4));
    await movePrice(page, 'SUIUSDT', (last * 1.15).toFixed(4));
    await other.close();

    await page.reload();
    await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
    await openAlerts(page);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText(`SUI/USDT rises above ${target}`);
    await expect(items(page).first()).toContainText('Fired');
    expect(await notes(page)).toEqual([]);
    // Deleting it with the keyboard empties the list.
    await items(page).first().getByRole('button', { name: `Delete alert: SUI/USDT rises above ${target}` }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByText('No alerts yet.')).toBeVisible();
    await movePrice(page, 'SUIUSDT', String(last));
  });

  test('unified: a liquidation warning fires when the margin engine reports its warning state', async ({ page }) => {
    await watchNotifications(page);
    const name = await openAs(page, 'uta', '/en/trade/spot/BTC/USDT');
    await openAlerts(page);
    await createAlert(page, 'Liquidation warning');
    await expect(items(page).first()).toContainText('Spot margin reaches the warning level');
    await expect(items(page).first()).toContainText('Waiting');
    // The risk engine's state as the exchange's margin fault sets it (what /v5/spot-margin-trade/state reports).
    const res = await page.request.post('/faults/margin-risk', { data: { name, state: 'WARNING' } });
    expect(res.ok(), await res.text()).toBe(true);
    await expect.poll(() => notes(page), { timeout: scaled(20_000) }).toContainEqual(
      expect.objectContaining({ title: 'Alert', body: 'Your spot margin reached the warning level: add funds or repay to avoid liquidation' }),
    );
    await expect(items(page).first()).toContainText('Fired');
  });

  test('classic: a fill alert fires when a market order fills', async ({ page }) => {
    await watchNotifications(page);
    await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
    await openAlerts(page);
    // A classic account has no spot margin, so no liquidation warning to choose.
    await expect(dialog(page).getByLabel('Alert type').locator('option', { hasText: 'Liquidation warning' })).toHaveCount(0);
    await createAlert(page, 'Order filled', { pair: 'XRP/USDT' });
    await expect(items(page).first()).toContainText('An order fills · XRP/USDT');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await orderForm(page).getByLabel('Order type').selectOption('market');
    const qty = orderForm(page).getByLabel('Quantity', { exact: true });
    await qty.click();
    await page.keyboard.type('5');
    await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
    await expect.poll(() => notes(page), { timeout: scaled(20_000) }).toContainEqual(expect.objectContaining({ title: 'Alert', body: expect.stringMatching(/^Order \d+ filled$/) }));
    await openAlerts(page);
    await expect(items(page).first()).toContainText('Fired');
  });
});

test('demo, notifications refused: permission is asked only on the first alert, and a fired alert still shows as a toast', async ({ page }) => {
  await watchNotifications(page, 'denied');
  await openAs(page, 'demo', '/en/trade/spot/MNT/USDT');
  await openAlerts(page);
  expect(await asked(page)).toBe(0);
  const last = await lastPrice(page, 'MNTUSDT');
  const target = String(Number((last * 0.95).toFixed(4)));
  await createAlert(page, 'Price falls below', { price: target });
  expect(await asked(page)).toBe(1);
  await expect(dialog(page).getByText('Notifications are blocked in this browser: alerts show on this page only.')).toBeVisible();
  // A second alert does not ask again.
  await createAlert(page, 'Order partially filled');
  expect(await asked(page)).toBe(1);
  await expect(items(page)).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await movePrice(page, 'MNTUSDT', (last * 0.9).toFixed(4));
  await expect(toast(page, /MNT\/USDT fell below [\d.,]+: traded at [\d.,]+/)).toBeVisible({ timeout: scaled(20_000) });
  expect(await notes(page)).toEqual([]);
  await movePrice(page, 'MNTUSDT', String(last));
  await page.reload();
  await expect(orderForm(page)).toBeVisible({ timeout: scaled(20_000) });
  await openAlerts(page);
  await expect(items(page).filter({ hasText: 'MNT/USDT falls below' })).toContainText('Fired');
  await expect(items(page).filter({ hasText: 'An order partly fills' })).toContainText('Waiting');
});
