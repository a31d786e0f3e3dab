import { expect, test, type Page } from '@playwright/test';

/**
 * The page runs under the exchange's Content-Security-Policy without a single violation: its
 * scripts, WebAssembly, workers (feed, canvas and PixiJS's), styles, images and its own sockets
 * are all allowed, and nothing else is. Violations are caught three ways: the document's
 * securitypolicyviolation events, Chromium's console messages (workers included), and the reports
 * Chromium posts to the exchange (report-uri /faults/csp-report, --faults only).
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

async function reports(page: Page): Promise<unknown[]> {
  const res = await page.request.post('/faults/csp-violations', { data: {} });
  return ((await res.json()) as { reports: unknown[] }).reports;
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/faults/reset', { data: {} });
});

test('the trading page loads and runs with no CSP violation', async ({ page }) => {
  const v = await watchViolations(page);
  const res = await page.goto('/en/trade/spot/BTC/USDT');
  const policy = res!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("connect-src 'self';");
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  // The book (WebAssembly engine, feed and canvas workers, the public socket) and the chart draw.
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Chart', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await v.events()).toEqual([]);
  expect(v.console).toEqual([]);
  expect(await reports(page)).toEqual([]);
});

test('the login page and a logged-in page (private socket) run with no CSP violation', async ({ page }) => {
  const v = await watchViolations(page);
  await page.goto('/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT');
  await page.getByRole('button', { name: /^alice Unified/ }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  await expect(page.getByRole('region', { name: 'Order forms', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await v.events()).toEqual([]);
  expect(v.console).toEqual([]);
  expect(await reports(page)).toEqual([]);
});

test('a connection to any other origin is refused and reported (the check above can fail)', async ({ page }) => {
  const v = await watchViolations(page);
  await page.goto('/en/trade/spot/BTC/USDT');
  await page.evaluate(() => fetch('https://example.invalid/x').catch(() => undefined));
  await expect.poll(() => v.events()).toEqual([expect.stringMatching(/^connect-src https:\/\/example\.invalid/)]);
  await expect.poll(() => reports(page), { timeout: 10_000 }).not.toEqual([]);
});
