import { expect, test, scaled, type Page } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';

// Data age on every widget (issue 35 item 5): when this page's feed of a pair stops (the
// exchange's pause fault, for this page's fault scope alone), the book, the trades tape, the
// chart and the header each say how old their newest data is, the age grows, and the chart and
// the header look stale; when the feed resumes, all of it goes. `staleAfter` shortens the book's
// limit to 1 s (the ticker's stays at its 10 s).
test.describe.configure({ timeout: scaled(90_000) });

const marker = (page: Page, stream: string) => page.getByTestId(`stale-${stream}`);
const ageLine = (page: Page, stream: string) => page.getByTestId(`age-${stream}`);
const age = async (page: Page, stream: string) => Number(await ageLine(page, stream).getAttribute('data-age'));

test('a paused feed: book, tape, chart and header say how old their data is, and look stale until it resumes', async ({ page, request }) => {
  const scope = await faultScope(page);
  await page.goto('/en/trade/spot/SOL/USDT?staleAfter=1000');
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: scaled(15_000) });
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  await expect(page.getByTestId('header-last-price')).not.toHaveText('--');
  for (const s of ['book', 'trades', 'kline', 'ticker']) await expect(ageLine(page, s)).toHaveCount(0);
  // A trade comes in on the tape (so the tape has an age to tell): its newest row changes.
  await page.getByRole('tab', { name: 'Trades', exact: true }).click();
  const newest = page.getByTestId('trades-mirror').locator('tbody tr').first();
  await expect(newest).toBeAttached({ timeout: scaled(15_000) });
  const first = await newest.textContent();
  await expect(newest).not.toHaveText(first ?? '', { timeout: scaled(20_000) });
  await page.getByRole('tab', { name: 'Order book', exact: true }).click();
  const stage = page.locator('.chart-view__stage');
  const header = page.locator('.symbol-info');
  const priceLine = page.getByTestId('book-price-line');
  await expect(stage).toHaveAttribute('data-stale', 'false');
  await expect(priceLine).toHaveAttribute('data-stale', 'false');

  expect((await request.post('/faults/pause', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  try {
    await expect(marker(page, 'book')).toContainText('Market data delayed', { timeout: scaled(10_000) });
    await expect(ageLine(page, 'book')).toHaveText(/^Last update \d+ seconds? ago$/);
    // The tape, in its tab beside the book.
    await page.getByRole('tab', { name: 'Trades', exact: true }).click();
    await expect(marker(page, 'trades')).toHaveText('Market data delayed: no updates received');
    await expect(ageLine(page, 'trades')).toHaveText(/^Last update \d+ seconds? ago$/);
    await page.getByRole('tab', { name: 'Order book', exact: true }).click();
    await expect(ageLine(page, 'kline')).toHaveText(/^Last update \d+ seconds? ago$/);
    await expect(stage).toHaveAttribute('data-stale', 'true');
    // The age grows while nothing comes.
    const first = await age(page, 'book');
    await expect.poll(() => age(page, 'book'), { timeout: scaled(5_000) }).toBeGreaterThan(first);
    // The header's ticker has a longer limit; then it says its age too, and its price fades.
    await expect(ageLine(page, 'ticker')).toHaveText(/^Last update \d+ seconds? ago$/, { timeout: scaled(20_000) });
    await expect(header).toHaveAttribute('data-stale', 'true');
    expect(await age(page, 'ticker')).toBeGreaterThanOrEqual(10);
    // So does the book's price line, which shows no direction (walkthrough 7: green with its ↑ while paused).
    await expect(priceLine).toHaveAttribute('data-stale', 'true');
    await expect(priceLine.locator('.price-line__last')).not.toContainText(/[↑↓]/);
    await expect(priceLine.locator('.price-line__last')).toHaveClass(/price-line__last--flat/);
  } finally {
    expect((await request.post('/faults/resume', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  }
  for (const s of ['book', 'trades', 'kline', 'ticker']) await expect(ageLine(page, s)).toHaveCount(0, { timeout: scaled(15_000) });
  await expect(marker(page, 'book')).toHaveCount(0);
  await expect(stage).toHaveAttribute('data-stale', 'false');
  await expect(header).toHaveAttribute('data-stale', 'false');
  await expect(priceLine).toHaveAttribute('data-stale', 'false');
});

test("a paused feed: the P&L tab's unrealised figures on that pair look stale and say so, until it resumes", async ({ page, request }) => {
  const scope = await faultScope(page);
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const bought = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '1' }, headers: { 'x-requested-with': 'e2e' } });
  expect(((await bought.json()) as { retCode: number }).retCode).toBe(0);
  const orders = page.locator('[data-region="orders"]');
  // The P&L tab may sit behind the strip's "+N" button on a narrow strip; a click scrolls it into view.
  await orders.getByRole('tab', { name: 'P&L' }).click();
  const unrealised = orders.getByRole('region', { name: 'Unrealised P&L' });
  await expect(unrealised).toHaveAttribute('data-stale', 'false', { timeout: scaled(20_000) });
  expect((await request.post('/faults/pause', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  try {
    await expect(unrealised).toHaveAttribute('data-stale', 'true', { timeout: scaled(30_000) });
    await expect(unrealised.getByRole('status')).toHaveText('Market data delayed: no updates received');
  } finally {
    expect((await request.post('/faults/resume', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  }
  await expect(unrealised).toHaveAttribute('data-stale', 'false', { timeout: scaled(30_000) });
  await expect(unrealised.getByRole('status')).toHaveCount(0);
});

test('a paused feed: a position on that pair shows its mark value and P&L as stale and says so, until it resumes (sixth walkthrough)', async ({ page, request }) => {
  const scope = await faultScope(page);
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  const bought = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '1' }, headers: { 'x-requested-with': 'e2e' } });
  expect(((await bought.json()) as { retCode: number }).retCode).toBe(0);
  const orders = page.locator('[data-region="orders"]');
  await orders.getByRole('tab', { name: 'Positions' }).click();
  const row = orders.getByTestId('position-SOLUSDT');
  await expect(row).toHaveAttribute('data-stale', 'false', { timeout: scaled(20_000) });
  const staleCells = row.locator('td.is-stale');
  await expect(staleCells).toHaveCount(0);
  expect((await request.post('/faults/pause', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  try {
    await expect(row).toHaveAttribute('data-stale', 'true', { timeout: scaled(30_000) });
    await expect(staleCells).toHaveCount(2);
    await expect(orders.getByRole('status').filter({ hasText: 'Market data delayed: no updates received' })).toBeVisible();
  } finally {
    expect((await request.post('/faults/resume', { data: { symbol: 'SOLUSDT', scope } })).ok()).toBe(true);
  }
  await expect(row).toHaveAttribute('data-stale', 'false', { timeout: scaled(30_000) });
  await expect(staleCells).toHaveCount(0);
  await expect(orders.getByRole('status').filter({ hasText: 'Market data delayed' })).toHaveCount(0);
});
