import { expect, test } from './support/test.ts';

// Spec 2.1, row by row: follow the redirects in a real browser and check where the page lands.
const ROWS: Array<[string, string]> = [
  ['/', '/en/trade/spot/BTC/USDT'],
  ['/trade/spot/', '/en/trade/spot/BTC/USDT'],
  ['/trade/spot/ETH/USDT', '/en/trade/spot/ETH/USDT'],
  ['/trade/spot/lt/BTC3L/USDT', '/en/trade/spot/lt/BTC3L/USDT'],
  ['/ja/trade/spot/', '/ja/trade/spot/BTC/USDT'],
  ['/ru/trade/spot/SOL/USDT', '/ru/trade/spot/SOL/USDT'],
  ['/es/trade/spot/lt/BTC3L/USDT', '/es/trade/spot/lt/BTC3L/USDT'],
  ['/xx-YY/trade/spot/ETH/BTC', '/en/trade/spot/ETH/BTC'],
  ['/some/other/path', '/en/trade/spot/BTC/USDT'],
  ['/en/trade/spot/BTC', '/en/trade/spot/BTC/USDT'],
];

for (const [from, to] of ROWS) {
  test(`route ${from} lands on ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[/.]/g, '\\$&')}$`));
    await expect(page.locator('[data-variant]')).toBeVisible();
  });
}

test('an unsupported locale is replaced by the stored locale', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('spot.locale', JSON.stringify('ja')));
  await page.goto('/sv/trade/spot/ETH/USDT');
  await expect(page).toHaveURL(/\/ja\/trade\/spot\/ETH\/USDT$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('an unsupported locale falls back to the browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto('/sv/trade/spot/');
  await expect(page).toHaveURL(/\/ru\/trade\/spot\/BTC\/USDT$/);
  await context.close();
});

test('a well-formed unknown pair says so and links to the default pair', async ({ page }) => {
  await page.goto('/en/trade/spot/DOGE/EUR');
  await expect(page.getByRole('heading', { name: 'Pair not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to BTC/USDT' }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/BTC\/USDT$/);
  await expect(page.locator('[data-variant="desktop"]')).toBeVisible();
});

test('the leveraged-token page is its own page with the light theme forced', async ({ page }) => {
  await page.goto('/en/trade/spot/lt/BTC3L/USDT');
  await expect(page.getByRole('heading', { level: 1, name: 'Project info' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('main section')).toHaveCount(3);
});
