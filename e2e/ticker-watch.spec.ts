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
  // Open: every symbol's ticker, and the list shows their prices.
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
