import { expect, test, type Locator, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Every popover and dialog of the page (src/ui/Popover.tsx, src/ui/Dialog.tsx) from the keyboard:
// it opens from its button, focus moves in and Tab does not leave it, Escape closes it, and focus
// is back on the button that opened it.

// A window wide enough for the whole chart toolbar in its strip (what folds into its ⋯ popover at
// narrower widths is layout.spec.ts's; from 1700 px the right-hand column takes its share).
test.use({ viewport: { width: 2560, height: 1440 } });

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chart tools' });
const symbolInfo = (page: Page) => page.getByRole('region', { name: 'Symbol info', exact: true });
const ordersRegion = (page: Page) => page.locator('[data-region="orders"]');
const orderForm = (page: Page) => page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
const inside = (overlay: Locator) => overlay.evaluate((d) => d.contains(document.activeElement));

/** Opens `overlay` with Enter on `trigger`, checks focus stays inside for a few Tabs, closes it with Escape. */
async function escapeRoundTrip(page: Page, trigger: Locator, overlay: Locator): Promise<void> {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(overlay).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => inside(overlay)).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(overlay)).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await inside(overlay)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
}

test('chart toolbar popovers: each opens from the keyboard, keeps focus, closes on Escape and returns focus', async ({ page }) => {
  // Four popovers, each about twenty key presses, after the chart's first candles.
  test.setTimeout(scaled(60_000));
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
  await page.getByRole('radiogroup', { name: 'Chart kind' }).getByRole('radio', { name: 'Pro chart' }).click();
  for (const name of ['All intervals', 'Indicators', 'Settings', 'Display']) {
    await escapeRoundTrip(page, toolbar(page).getByRole('button', { name }), page.getByRole('dialog', { name, exact: true }));
  }
});

test('a popover closes when its button is pressed again or focus moves elsewhere', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
  const button = toolbar(page).getByRole('button', { name: 'All intervals' });
  const popover = page.getByRole('dialog', { name: 'All intervals' });
  await button.click();
  await expect(popover).toBeVisible();
  await button.click();
  await expect(popover).toHaveCount(0);
  await button.click();
  await expect(popover).toBeVisible();
  // The keyboard chooses an interval: the popover closes with the choice.
  await popover.getByRole('button', { name: '1m', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-interval', '1');
  // Focus moving to another control closes an open popover.
  await toolbar(page).getByRole('button', { name: 'Display' }).click();
  await expect(page.getByRole('dialog', { name: 'Display' })).toBeVisible();
  await symbolInfo(page).getByRole('button', { name: 'Trade guide' }).focus();
  await expect(page.getByRole('dialog', { name: 'Display' })).toHaveCount(0);
});

test('the header settings popover works from the keyboard alone', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const button = symbolInfo(page).getByRole('button', { name: 'Settings' });
  const popover = page.getByRole('dialog', { name: 'Settings' });
  await escapeRoundTrip(page, button, popover);
  await button.focus();
  await page.keyboard.press('Enter');
  // Tab only once the reopened popover is on screen and holds focus, as a person would.
  await expect(popover).toBeVisible();
  await expect.poll(() => inside(popover)).toBe(true);
  const toggle = popover.getByRole('switch', { name: 'Red for up, green for down' });
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test('modals (modify, trade history, quick order): Escape closes each and focus returns to its opener', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await openAs(page, 'classic', '/en/trade/spot/XRP/USDT');
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=XRPUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  await orderForm(page).getByLabel('Order type').selectOption('limit');
  for (const [label, value] of [['Price', (last * 0.9).toFixed(4)], ['Quantity', '5']] as const) {
    const input = orderForm(page).getByLabel(label, { exact: true });
    await input.fill(value);
    await input.blur();
  }
  await orderForm(page).getByRole('button', { name: 'Buy XRP' }).click();
  const row = ordersRegion(page).locator('.orders-table tbody tr');
  await expect(row).toHaveCount(1, { timeout: scaled(15_000) });

  // The modify dialog: a modal, so Tab stays in it; Escape leaves the order as it was.
  const modify = row.first().getByRole('button', { name: /^Modify order/ });
  await modify.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Modify XRP/USDT order' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => inside(dialog)).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(modify).toBeFocused();

  // The trade-history modal, opened from the display popover: Escape closes it.
  await toolbar(page).getByRole('button', { name: 'Display' }).click();
  await page.getByRole('dialog', { name: 'Display' }).getByRole('button', { name: 'Open your trade history…', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Trade history' });
  await expect(history).toBeVisible();
  await expect.poll(() => inside(history)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expect(toolbar(page).getByRole('button', { name: 'Display' })).toBeFocused();

  // Cancel the order from the keyboard: its row goes.
  await row.first().getByRole('button', { name: /^Cancel order/ }).focus();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0, { timeout: scaled(15_000) });
});

test('the quick-order ticket closes on Escape and gives focus back to the + button', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.45);
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height * 0.5);
  const plus = page.getByRole('button', { name: 'Quick limit order at this price' });
  await expect(plus).toBeVisible();
  await plus.click();
  const ticket = page.getByRole('dialog', { name: /^Limit price (buy|sell) at / });
  await expect(ticket).toBeVisible();
  await ticket.getByLabel('Quantity').focus();
  await page.keyboard.press('Escape');
  await expect(ticket).toHaveCount(0);
  await expect(plus).toBeFocused();
});

test("the all-intervals dropdown offers spec 9's favourite intervals first, then the others", async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(15_000) });
  await toolbar(page).getByRole('button', { name: 'All intervals' }).click();
  const popover = page.getByRole('dialog', { name: 'All intervals' });
  const favourites = popover.getByRole('group', { name: 'Favourites' }).getByRole('button');
  await expect(favourites).toHaveCount(9);
  await expect(favourites.first()).toHaveText('1m');
  await expect(popover.getByRole('group', { name: 'Other intervals' }).getByRole('button')).toHaveCount(5);
  await expect(popover.getByRole('group', { name: 'Other intervals' }).getByRole('button', { name: '1s', exact: true })).toBeVisible();
  // A favourite chosen from its group is the chart's interval.
  await favourites.nth(1).click();
  await expect(popover).toHaveCount(0);
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-interval', '5');
});
