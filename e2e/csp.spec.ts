import { expect, test, type Page, scaled } from './support/test.ts';
import { twoFrames } from './support/accounts.ts';

/**
 * The page runs under the exchange's Content-Security-Policy without a single violation: its
 * scripts, WebAssembly, workers (feed, canvas and PixiJS's), styles, images and its own sockets
 * are all allowed, and nothing else is. Violations are caught three ways: the document's
 * securitypolicyviolation events, Chromium's console messages (workers included), and the reports
 * Chromium posts to the exchange (report-uri /faults/csp-report, --faults only). The exchange keeps
 * every page's reports, so each test marks its page's URL (?csp=<id>) and reads only reports that
 * name it: tests running beside this one cannot add to its list.
 */

const CSP_MESSAGE = /Content Security Policy|Refused to (connect|load|execute|create|apply|frame)/i;

async function watchViolations(page: Page): Promise<{ console: string[]; events: () => Promise<string[]> }> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (CSP_MESSAGE.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('worker', (w) => w.on('console', (m) => CSP_MESSAGE.test(m.text()) && consoleErrors.push(`worker: ${m.text()}`)));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return {
    console: consoleErrors,
    events: () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []),
  };
}

let marks = 0;
/** A mark for this test's page URLs, found again in the reports about them. */
const mark = () => `csp${test.info().workerIndex}x${Date.now().toString(36)}x${marks++}`;

async function reports(page: Page, id: string): Promise<unknown[]> {
  const res = await page.request.post('/faults/csp-violations', { data: {} });
  return ((await res.json()) as { reports: unknown[] }).reports.filter((r) => JSON.stringify(r).includes(id));
}

test('the trading page loads and runs with no CSP violation', async ({ page }) => {
  const v = await watchViolations(page);
  const id = mark();
  const res = await page.goto(`/en/trade/spot/BTC/USDT?csp=${id}`);
  const policy = res!.headers()['content-security-policy'] ?? '';
  // Its own origin plus the exchange's route origins (server/net/), on this hostname only.
  expect(policy).toMatch(/connect-src 'self'( (http|ws):\/\/127\.0\.0\.1:\d+)*;/);
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  // The book (WebAssembly engine, feed and canvas workers, the public socket) and the chart draw.
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: scaled(15_000) });
  await expect(page.getByRole('region', { name: 'Chart', exact: true })).toBeVisible();
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  await twoFrames(page);
  expect(await v.events()).toEqual([]);
  expect(v.console).toEqual([]);
  expect(await reports(page, id)).toEqual([]);
});

test('the login page and a logged-in page (private socket) run with no CSP violation', async ({ page }) => {
  const v = await watchViolations(page);
  const id = mark();
  await page.goto(`/login?csp=${id}&redirect_url=${encodeURIComponent(`/en/trade/spot/ETH/USDT?csp=${id}`)}`);
  await page.getByRole('button', { name: /^alice Unified/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/trade/spot/ETH/USDT\\?csp=${id}$`));
  await expect(page.getByRole('region', { name: 'Order forms', exact: true })).toBeVisible();
  // The private REST and socket have answered: the balance is shown.
  await expect(page.getByTestId('available-balance')).toContainText(/\d/, { timeout: scaled(15_000) });
  await twoFrames(page);
  expect(await v.events()).toEqual([]);
  expect(v.console).toEqual([]);
  expect(await reports(page, id)).toEqual([]);
});

test('a connection to any other origin is refused and reported (the check above can fail)', async ({ page }) => {
  const v = await watchViolations(page);
  const id = mark();
  await page.goto(`/en/trade/spot/BTC/USDT?csp=${id}`);
  await page.evaluate(() => fetch('https://example.invalid/x').catch(() => undefined));
  await expect.poll(() => v.events()).toEqual([expect.stringMatching(/^connect-src https:\/\/example\.invalid/)]);
  await expect.poll(() => reports(page, id), { timeout: scaled(10_000) }).not.toEqual([]);
});
