import { expect, test, type Page, scaled } from './support/test.ts';
import { accountButton, signUp } from './support/accounts.ts';
import { startTwapOf006Eth } from './support/tool-forms.ts';

// Issue 15 item 7: the phone variant (≤ 500 px) fits the screen from 320 to 500 px, has the
// account in its header, one market view at a time, the order lists, and a Buy/Sell bar at the
// bottom that opens the order form as a sheet; every control is a 40 px touch target or larger.
test.describe.configure({ timeout: scaled(90_000) });

const PATH = '/en/trade/spot/ETH/USDT';

async function noSideScroll(page: Page): Promise<void> {
  const m = await page.evaluate(() => {
    window.scrollTo(1000, 0);
    const x = window.scrollX;
    window.scrollTo(0, 0);
    return { x, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
  });
  expect(m, JSON.stringify(m)).toEqual({ x: 0, scroll: m.client, client: m.client });
}

/** Visible controls smaller than 40 × 40 px (checkboxes, drawn 20 px inside a taller label, aside). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], select, [role="tab"], [role="radio"], [role="switch"]')) {
      const b = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (b.width === 0 || b.height === 0 || style.visibility === 'hidden') continue;
      if (b.width < 40 || b.height < 40) out.push(`${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)} ${Math.round(b.width)}×${Math.round(b.height)}`);
    }
    return out;
  });
}

for (const width of [320, 390, 500]) {
  test(`at ${width} px a visitor sees the whole page without sideways scroll, can log in, and every control is a touch target`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(PATH);
    await expect(page.locator('[data-variant="mobile"]')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Market views' }).getByRole('tab')).toHaveText(['Chart', 'Order book', 'Trades']);
    await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
    await noSideScroll(page);
    const views = page.getByRole('tablist', { name: 'Market views' });
    for (const tab of ['Order book', 'Trades', 'Chart']) {
      await views.getByRole('tab', { name: tab }).click();
      await expect(views.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await noSideScroll(page);
    }
    expect(await smallTargets(page)).toEqual([]);
    // A visitor's Buy opens the sheet with the login prompt.
    await page.getByRole('group', { name: 'Place order' }).getByRole('button', { name: 'Buy' }).click();
    const sheet = page.getByRole('dialog', { name: 'Place order' });
    await expect(sheet.getByRole('link', { name: 'Log in' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toHaveCount(0);
  });
}

test('at 390 px a trader buys through the sheet; the bar stays at the bottom and the orders list is on the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'uta');
  await page.goto(PATH);
  await expect(accountButton(page)).toBeVisible();
  await expect(page.locator('[data-region="orders"]').getByRole('tab', { name: /^Open orders/ })).toBeVisible({ timeout: scaled(20_000) });
  const bar = page.getByRole('group', { name: 'Place order' });
  // The bar stays at the bottom of the screen wherever the page is scrolled.
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(844);
  await bar.getByRole('button', { name: 'Sell' }).click();
  const sheet = page.getByRole('dialog', { name: 'Place order' });
  // The sheet opens on the side that was pressed; the trader switches to Buy inside it.
  await expect(sheet.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true', { timeout: scaled(20_000) });
  await sheet.getByRole('tab', { name: 'Buy' }).click();
  await sheet.getByLabel('Order type').selectOption('market');
  const qty = sheet.getByLabel('Quantity', { exact: true });
  await qty.fill('0.001');
  await qty.blur();
  await sheet.getByRole('button', { name: 'Buy ETH' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: /^Order filled: Buy 0\.001 ETH/ });
  await expect(toast).toHaveCount(1);
  // The toast shows at the top, clear of the sheet at the bottom.
  const t = (await toast.boundingBox())!;
  const s = (await sheet.boundingBox())!;
  expect(t.y + t.height, `toast ${JSON.stringify(t)} sheet ${JSON.stringify(s)}`).toBeLessThanOrEqual(s.y);
  await noSideScroll(page);
});

test('on the phone the tools start from the trade bar: a tool opens its form in the order sheet, and the sheet shows the order form again after', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'uta');
  await page.goto(PATH);
  const bar = page.getByRole('group', { name: 'Place order' });
  await bar.getByRole('button', { name: 'Tools' }).click();
  const tools = page.getByRole('dialog', { name: 'Tools' });
  await tools.getByRole('button', { name: 'TWAP', exact: true }).click();
  await expect(tools).toHaveCount(0);
  const sheet = page.getByRole('dialog', { name: 'Place order' });
  const form = sheet.getByTestId('tool-form-twap');
  await startTwapOf006Eth(page, form);
  await sheet.getByRole('button', { name: 'Close' }).first().click();
  await expect(sheet).toHaveCount(0);
  // Its progress under Strategy orders, and Buy opens the order form, not the tool's.
  await page.locator('[data-region="orders"]').getByRole('tab', { name: 'Strategy orders' }).click();
  await expect(page.locator('[data-region="orders"]').getByTestId('strategy-progress')).toContainText('/ 0.06000 ETH');
  await bar.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Buy ETH' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Place order' }).getByTestId('tool-form-twap')).toHaveCount(0);
});

// Issue 33: after a TWAP started from the phone's order sheet (its confirmation a dialog over the
// sheet), focus fell to the page's body as the confirmation closed, and Escape no longer closed the
// sheet. Focus goes back into the sheet, to the button the confirmation came from.
test('at 390×844, after a TWAP started from the order sheet, focus is back in the sheet and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'uta');
  await page.goto(PATH);
  await page.getByRole('group', { name: 'Place order' }).getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('dialog', { name: 'Tools' }).getByRole('button', { name: 'TWAP', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Place order' });
  const form = sheet.getByTestId('tool-form-twap');
  await startTwapOf006Eth(page, form);
  await expect(page.getByRole('dialog', { name: 'Start TWAP?' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Start TWAP' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});
