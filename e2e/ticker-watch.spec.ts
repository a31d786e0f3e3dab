import { expect, test, type Page, scaled } from './support/test.ts';

// Spec 4.17: the market list's tickers are subscribed while the list is shown (and the page is
// visible, and the symbols have loaded), and unsubscribed otherwise. Read from the frames the
// page's market-data socket sends: the topics it holds are its subscribes minus its unsubscribes.
test.describe.configure({ timeout: scaled(60_000) });

/** The ticker topics the page's market-data socket is subscribed to, as its frames say. */
function followSubscriptions(page: Page): () => Set<string> {
  const held = new Set<string>();
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/v5/public/spot')) return;
    // A new connection starts from nothing.
    held.clear();
    ws.on('framesent', (f) => {
      let msg: { op?: string; args?: string[] };
      try {
        msg = JSON.parse(String(f.payload)) as typeof msg;
      } catch {
        return;
      }
      for (const t of msg.args ?? []) {
        if (!t.startsWith('tickers.')) continue;
        if (msg.op === 'subscribe') held.add(t);
        else if (msg.op === 'unsubscribe') held.delete(t);
      }
    });
  });
  return () => held;
}

async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('the market list’s tickers stream only while the list is open and the page shown', async ({ page }) => {
  const held = followSubscriptions(page);
  await page.goto('/en/trade/spot/SOL/USDT');
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/, { timeout: scaled(20_000) });
  // The list is closed: only the pair on screen has its ticker.
  await expect.poll(() => [...held()]).toEqual(['tickers.SOLUSDT']);

  const thumb = page.getByRole('button', { name: /^SOL\/USDT/ });
  const list = page.getByRole('dialog', { name: 'Markets' });
  await thumb.hover();
  await expect(list).toBeVisible();
  // Open: the tickers of the rows in its view (here every row), and the list shows their prices.
  await expect.poll(() => held().has('tickers.BTCUSDT') && held().has('tickers.ETHUSDT') && held().has('tickers.ETHBTC')).toBe(true);
  await expect(list.locator('tr[data-symbol="ETHUSDT"] td').nth(0)).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  // The tab is hidden with the list open: unsubscribed; shown again: subscribed again.
  await setHidden(page, true);
  await expect.poll(() => [...held()]).toEqual(['tickers.SOLUSDT']);
  await setHidden(page, false);
  await expect.poll(() => held().has('tickers.BTCUSDT')).toBe(true);

  // The list closes (the pointer leaves): unsubscribed again.
  await page.mouse.move(5, 800);
  await expect(list).toHaveCount(0);
  await expect.poll(() => [...held()]).toEqual(['tickers.SOLUSDT']);
});

// Issue 37 item 1: what is below the fold sleeps. A list streams the rows in its view and near it;
// the rest show the figures of a read of every ticker, and stream once scrolled to.
test('only the market list’s rows in or near its view stream, and every row still shows its price', async ({ page }) => {
  // A short window: the popover shows its fewest rows, so most of the list is out of its view.
  await page.setViewportSize({ width: 1440, height: 420 });
  const held = followSubscriptions(page);
  await page.goto('/en/trade/spot/SOL/USDT');
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/, { timeout: scaled(20_000) });
  const list = page.getByRole('dialog', { name: 'Markets' });
  await page.getByRole('button', { name: /^SOL\/USDT/ }).hover();
  await expect(list).toBeVisible();
  const rows = list.locator('tbody tr[data-symbol]');
  await expect(rows.nth(8)).toBeVisible();
  const ids = (await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.symbol ?? ''))).filter((s) => s !== 'SOLUSDT');
  const first = `tickers.${ids[0]}`;
  const last = `tickers.${ids.at(-1)}`;
  await expect.poll(() => held().has(first)).toBe(true);
  expect(held().has(last)).toBe(false);
  // The last row, out of view, has its price from the read of every ticker.
  await expect(list.locator(`tr[data-symbol="${ids.at(-1)}"] td`).nth(0)).toHaveText(/\d/);
  // Scrolled to the end: the last row streams, the first no longer does.
  await list.locator('.market-list__scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect.poll(() => held().has(last)).toBe(true);
  await expect.poll(() => held().has(first)).toBe(false);
});
