import { expect, test, scaled } from './support/test.ts';

// Issue 33 item 6: no dead ends. Escape closes a popover even when focus is elsewhere (the market
// list opens on hover); a market that has not opened says so; an outbound link with no page in the
// local exchange opens a page saying where it would go, not another trading page.
test.describe.configure({ timeout: scaled(60_000) });

test('Escape closes the market list opened by hovering its button', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const button = page.getByRole('button', { name: /All markets/ });
  await expect(button).toBeVisible({ timeout: scaled(20_000) });
  await button.hover();
  const list = page.getByRole('dialog', { name: 'Markets' });
  await expect(list).toBeVisible();
  // The pointer rests on the list; focus never went into it.
  await list.hover();
  await expect(list.getByRole('searchbox').or(list.getByRole('textbox')).first()).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
});

test('a market that has not opened says it is not open, not that its data is late', async ({ page }) => {
  await page.goto('/en/trade/spot/NEW/USDT');
  const book = page.getByTestId('stale-book');
  await expect(book).toHaveText('NEW/USDT is not open yet: no trades until it opens', { timeout: scaled(20_000) });
  await expect(page.getByText('Market data delayed')).toHaveCount(0);
});

test('liquidity shield and the account pages open a page saying where they would go', async ({ page, context }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const link = page.getByRole('link', { name: /Liquidity shield/ });
  await expect(link).toBeVisible({ timeout: scaled(20_000) });
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'This page is on the real exchange' })).toBeVisible({ timeout: scaled(20_000) });
  await expect(tab.getByTestId('elsewhere-target')).toHaveText('https://www.bybit.com/liquidity-shield-trading-frenzy/');
  await expect(tab).toHaveURL(/\/liquidity-shield-trading-frenzy\/$/);
  // Not another trading page.
  await expect(tab.getByRole('region', { name: 'Place order' })).toHaveCount(0);
  await expect(tab).toHaveTitle('This page is on the real exchange');
  await tab.getByRole('link', { name: 'Back to spot trading' }).click();
  await expect(tab).toHaveURL(/\/en\/trade\/spot\/BTC\/USDT$/);

  // The account menu's pages too.
  await page.goto('/user/assets/home');
  await expect(page.getByTestId('elsewhere-target')).toHaveText('https://www.bybit.com/user/assets/home');
});
