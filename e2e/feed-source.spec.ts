// Issue #13 item 4: only the operator chooses where market data comes from; a link cannot.
import { expect, test, type Page, scaled } from './support/test.ts';
import { startExchange } from './support/exchange.ts';

const bookRow = (page: Page) => page.locator('[data-testid="book-mirror"] tbody tr').first();
const banner = (page: Page) => page.getByTestId('feed-banner');

/** Serves this exchange's own index.html with the meta tag an operator's `--feed URL` would add. */
async function serveWithFeedMeta(page: Page, content: string): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/en/trade/'),
    async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      const tagged = html.replace(/<head>/i, (head) => `${head}<meta name="exchange-feed" content="${content}">`);
      expect(tagged, 'the served page has a <head> to put the tag in').not.toBe(html);
      await route.fulfill({ response: res, body: tagged });
    },
  );
}

test('?feed= and a stored spot.feedUrl cannot move the feed: the book comes from this exchange, without a banner', async ({ page, baseURL }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.addInitScript(() => localStorage.setItem('spot.feedUrl', JSON.stringify('ws://127.0.0.1:1/v5/public/spot')));
  await page.goto('/en/trade/spot/BTC/USDT?feed=ws://127.0.0.1:1/v5/public/spot');
  await expect(bookRow(page)).toBeAttached({ timeout: scaled(15_000) });
  await expect(page.locator('.price-line__last')).toHaveText(/\d/);
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('spot.feedUrl')), 'the stale stored URL is forgotten').toBeNull();
  // The feed worker's socket (Playwright reports workers' sockets too) went to this page's origin only.
  const own = `${baseURL!.replace(/^http/, 'ws')}/v5/public/spot`;
  expect(sockets.filter((u) => u.includes('/v5/public/'))).toEqual([own]);
});

test('a feed the operator put on another host is named in a banner on every screen, desktop and mobile', async ({ page, baseURL }) => {
  test.slow(true, 'starts a second exchange, then loads the desktop and the mobile page from it');
  // A second exchange whose operator set --feed to the suite's exchange under another host name
  // (localhost), so data flows and the page, on 127.0.0.1, takes it from a host that is not its own.
  const port = new URL(baseURL!).port;
  const feed = `ws://localhost:${port}/v5/public/spot`;
  const other = await startExchange(['--feed', feed]);
  try {
    await bannerEverywhere(page, other.base, port, feed);
  } finally {
    other.stop();
  }
});

async function bannerEverywhere(page: Page, base: string, port: string, feed: string): Promise<void> {
  const text = `Market data from localhost:${port} — not this exchange`;
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));

  await page.goto(`${base}/en/trade/spot/BTC/USDT`);
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(bookRow(page)).toBeAttached({ timeout: scaled(15_000) });
  expect(sockets.filter((u) => u.includes('/v5/public/'))).toEqual([feed]);
  // It stays in sight when the page scrolls.
  await page.mouse.wheel(0, 3000);
  await expect(banner(page)).toBeInViewport();

  await page.goto(`${base}/en/trade/spot/ETH/USDT`);
  await expect(page.locator('[data-variant="desktop"]')).toBeVisible();
  await expect(banner(page)).toHaveText(text);

  await page.goto(`${base}/en/trade/spot/NOPE/USDT`);
  await expect(page.getByRole('heading', { name: 'Pair not found' })).toBeVisible();
  await expect(banner(page)).toHaveText(text);

  // Narrow the window away from the page (crossing 500 px makes a loaded page reload itself).
  await page.goto('about:blank');
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`${base}/en/trade/spot/BTC/USDT`);
  await expect(page.locator('[data-variant="mobile"]')).toBeVisible();
  await expect(banner(page)).toHaveText(text);
  await expect(banner(page)).toBeInViewport();
}

test('an unusable configured feed connects nowhere and says so', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await serveWithFeedMeta(page, 'https://other.example/v5/public/spot');
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByRole('alert').filter({ hasText: "Market data is off: this page's configured feed address is not valid" })).toBeVisible();
  // The book says there is no data rather than "Connecting…" to somewhere.
  await expect(page.getByTestId('stale-book')).toHaveText('No market data');
  expect(sockets.filter((u) => u.includes('/v5/public/')), 'no market-data socket, to any host').toEqual([]);
});
