import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope } from './support/accounts.ts';

// The market-data socket's close codes (spec 8, 4.16) in a real browser, driven by /faults/socket
// for this test's fault scope only: a refused open (4998), an open that never completes (4997),
// pings left unanswered (4996), and a connection replaced on coming back online (4995). A person
// sees the book say it is reconnecting; the page reports the code on the route picker
// (data-feed-close) and 3 failed opens to the quality collector.
test.describe.configure({ timeout: scaled(60_000) });

const pickerButton = (page: Page) => page.locator('.net-route__button');
const bookRows = (page: Page) => page.locator('[data-testid="book-mirror"] tbody tr');
const bookMarker = (page: Page) => page.getByTestId('stale-book');

async function socketFault(page: Page, scope: string, mode: 'refuse' | 'hang' | 'mute' | 'none'): Promise<void> {
  const res = await page.request.post('/faults/socket', { data: { scope, mode } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The page with a live book and the route picker (which carries the socket's state) loaded. */
async function openLive(page: Page): Promise<void> {
  await page.goto('/en/trade/spot/SOL/USDT');
  await expect(bookRows(page).first()).toBeAttached({ timeout: scaled(20_000) });
  await expect(pickerButton(page)).toHaveAttribute('data-feed-socket', 'open', { timeout: scaled(25_000) });
}

test('a refused open closes with 4998; three in a row reach the quality collector; the book comes back', async ({ page }) => {
  const scope = await faultScope(page);
  await openLive(page);
  await socketFault(page, scope, 'refuse');
  await expect(bookMarker(page)).toHaveText('Connection lost. Reconnecting…');
  await expect(pickerButton(page)).toHaveAttribute('data-feed-close', '4998');
  await expect(bookMarker(page)).toHaveAttribute('data-close-code', '4998');
  // Spec 9's first threshold: three failed opens in a row make one report (1 s + 2 s of back-off).
  const deviceId = await page.evaluate(() => JSON.parse(localStorage.getItem('spot.deviceId') ?? '""') as string);
  const reports = async () => {
    const id = deviceId || (await page.evaluate(() => JSON.parse(localStorage.getItem('spot.deviceId') ?? '""') as string));
    if (!id) return [];
    const r = await page.request.post('/faults/net-quality', { data: { deviceId: id } });
    return ((await r.json()) as { sockets: Array<{ stream: string; kind: string; count: number; lastCode: number }> }).sockets;
  };
  await expect.poll(reports, { timeout: scaled(20_000) }).toContainEqual({ stream: 'public', kind: 'openFailures', count: 3, lastCode: 4998 });
  await socketFault(page, scope, 'none');
  await expect(bookMarker(page)).toHaveCount(0, { timeout: scaled(15_000) });
  await expect(pickerButton(page)).toHaveAttribute('data-feed-socket', 'open');
});

test('an open that never completes closes with 4997 after 10 s', async ({ page }) => {
  const scope = await faultScope(page);
  await openLive(page);
  await socketFault(page, scope, 'hang');
  // The live connection is cut first (an abnormal close, 4006), then the new open hangs.
  await expect(bookMarker(page)).toHaveText('Connection lost. Reconnecting…');
  await expect(pickerButton(page)).toHaveAttribute('data-feed-close', '4006');
  await expect(pickerButton(page)).toHaveAttribute('data-feed-close', '4997', { timeout: scaled(20_000) });
  await socketFault(page, scope, 'none');
  await expect(bookMarker(page)).toHaveCount(0, { timeout: scaled(20_000) });
});

test('pings left unanswered close with 4996 within 18 s, and the socket reconnects', async ({ page }) => {
  const scope = await faultScope(page);
  await openLive(page);
  await socketFault(page, scope, 'mute');
  // A ping goes every 15 s and waits 3 s for its pong.
  await expect(pickerButton(page)).toHaveAttribute('data-feed-close', '4996', { timeout: scaled(25_000) });
  await socketFault(page, scope, 'none');
  await expect(pickerButton(page)).toHaveAttribute('data-feed-socket', 'open', { timeout: scaled(10_000) });
  await expect(bookMarker(page)).toHaveCount(0, { timeout: scaled(15_000) });
});

test('coming back online replaces the connection at once, closing it with 4995', async ({ page }) => {
  await openLive(page);
  const reopened = page.waitForEvent('websocket', { predicate: (w) => w.url().endsWith('/v5/public/spot'), timeout: scaled(15_000) });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(pickerButton(page)).toHaveAttribute('data-feed-close', '4995');
  await reopened;
  await expect(pickerButton(page)).toHaveAttribute('data-feed-socket', 'open');
  await expect(bookMarker(page)).toHaveCount(0, { timeout: scaled(15_000) });
});
