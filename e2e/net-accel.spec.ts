import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';

// Acceleration (spec 4.17, 7.6) against the exchange's proxy switch and CDN edge (server/net/):
// each test answers the proxy switch for its own fault scope only.
test.describe.configure({ timeout: scaled(60_000) });

/** Both the page's fetch and XMLHttpRequest.open are the browser's own. */
const native = (page: Page) =>
  page.evaluate(() => window.fetch.toString().includes('[native code]') && XMLHttpRequest.prototype.open.toString().includes('[native code]'));

async function accelFault(page: Page, body: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/faults/accel', { data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

async function cdnOrigin(page: Page): Promise<string> {
  const res = await page.request.get('/api/net/routes');
  return `http://127.0.0.1:${((await res.json()) as { result: { cdnPort: number } }).result.cdnPort}`;
}

const picker = (page: Page) => page.getByRole('dialog', { name: 'Network route' });

test('whitelisted (res_code 1): listed paths go through the CDN and others do not; a setup exception restores native fetch and XHR', async ({ page }) => {
  const scope = await faultScope(page);
  const cdn = await cdnOrigin(page);
  await accelFault(page, { scope, resCode: 1 });
  await page.goto('/en/trade/spot/SOL/USDT');
  // The picker's chunk (which starts acceleration) loads after the first book row: on a busy machine that takes a while.
  await expect.poll(() => native(page), { timeout: scaled(25_000) }).toBe(false);

  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  const base = new URL(page.url()).origin;
  await page.evaluate(async () => {
    await (await fetch('/v5/market/kline?category=spot&symbol=SOLUSDT&interval=1&limit=1')).json();
    await (await fetch('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json();
    await new Promise<void>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('GET', '/api/user/info');
      xhr.onloadend = () => resolve();
      xhr.send();
    });
  });
  expect(urls).toContain(`${cdn}/v5/market/kline?category=spot&symbol=SOLUSDT&interval=1&limit=1`);
  expect(urls).toContain(`${base}/v5/market/tickers?category=spot&symbol=SOLUSDT`);
  expect(urls).toContain(`${cdn}/api/user/info`);
  expect(urls).not.toContain(`${cdn}/v5/market/tickers?category=spot&symbol=SOLUSDT`);

  // H3 detection reports what Resource Timing saw: the local exchange speaks HTTP/1.1 only.
  await page.locator('.net-route__button').click();
  await expect(picker(page).getByText('Acceleration on (http/1.1)')).toBeVisible();

  // The next refresh's proxy switch fails (HTTP 500, not JSON): acceleration is disabled.
  await accelFault(page, { scope, fail: true });
  await expect.poll(() => native(page), { timeout: scaled(25_000) }).toBe(true);
  await expect(picker(page).getByText('Acceleration off')).toBeVisible();
});

test('res_code 8 shuts acceleration down and restores native fetch and XHR', async ({ page }) => {
  const scope = await faultScope(page);
  await accelFault(page, { scope, resCode: 1 });
  await page.goto('/en/trade/spot/SOL/USDT');
  // The picker's chunk (which starts acceleration) loads after the first book row: on a busy machine that takes a while.
  await expect.poll(() => native(page), { timeout: scaled(25_000) }).toBe(false);
  await accelFault(page, { scope, resCode: 8 });
  await expect.poll(() => native(page), { timeout: scaled(25_000) }).toBe(true);
  // Not whitelisted at all (res_code 0): nothing is wrapped.
  await accelFault(page, { scope, resCode: 0 });
  const answered = page.waitForResponse((r) => r.url().includes('/api/net/proxy-switch?'));
  await page.reload();
  expect(((await (await answered).json()) as { result: { res_code: number } }).result.res_code).toBe(0);
  await expect(page.locator('.net-route__button')).toContainText(/\d+ ms/);
  expect(await native(page)).toBe(true);
});

test('monitoring (monitor_switch 1): the collector receives the counters of accelerated requests under 10 % loss', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const scope = await faultScope(page);
  await accelFault(page, { scope, resCode: 1, monitorSwitch: 1 });
  const res = await page.request.post('/faults/route', { data: { scope, name: 'cdn', loss: 0.1 } });
  expect(res.ok()).toBe(true);
  await page.goto('/en/trade/spot/SOL/USDT');
  // The picker's chunk (which starts acceleration) loads after the first book row: on a busy machine that takes a while.
  await expect.poll(() => native(page), { timeout: scaled(25_000) }).toBe(false);
  const deviceId = await page.evaluate(() => JSON.parse(localStorage.getItem('spot.deviceId') ?? '""') as string);
  expect(deviceId).not.toBe('');
  // 100 accelerated reads, one after another; a dropped one is a network error in the page.
  const seen = await page.evaluate(async () => {
    let ok = 0;
    let failed = 0;
    for (let i = 0; i < 100; i++) {
      try {
        const r = await fetch(`/v5/market/kline?category=spot&symbol=SOLUSDT&interval=1&limit=1&i=${i}`);
        await r.arrayBuffer();
        ok++;
      } catch {
        failed++;
      }
    }
    return { ok, failed };
  });
  // Chromium resends a GET once when a reused connection is reset before any answer, so the page
  // sees fewer failures than the edge dropped; the collector must hold at least what it saw.
  expect(seen.ok + seen.failed).toBe(100);
  // The 10 s uploads carry what the page saw (the page's own accelerated requests may add more).
  type Totals = { kind: string; send: number; recv: number; error: number; timeout: number };
  const cdnTotals = async () => {
    const r = await page.request.post('/faults/net-quality', { data: { deviceId } });
    return ((await r.json()) as { totals: Totals[] }).totals.find((t) => t.kind === 'cdn');
  };
  await expect
    .poll(
      async () => {
        const t = await cdnTotals();
        return !!t && t.recv >= seen.ok && t.error >= seen.failed;
      },
      { timeout: scaled(25_000) },
    )
    .toBe(true);
  const cdn = (await cdnTotals())!;
  expect(cdn.send).toBeGreaterThanOrEqual(100);
  expect(cdn.error).toBeGreaterThanOrEqual(seen.failed);
  expect(cdn.recv).toBeGreaterThanOrEqual(seen.ok);
  expect(cdn.send).toBe(cdn.recv + cdn.error + cdn.timeout);
  // Spec 7.6's events went with the counters: the switch's whitelisted answer, and each failed accelerated request.
  const uploaded = await page.request.post('/faults/net-quality', { data: { deviceId } });
  const events = ((await uploaded.json()) as { events: Array<{ type: string; detail: string }> }).events;
  expect(events).toContainEqual(expect.objectContaining({ type: 'whitelist', detail: 'whitelisted' }));
  expect(events.filter((e) => e.type === 'httpException').length).toBeGreaterThanOrEqual(seen.failed);
  // The report page plots it.
  const report = await page.request.get(`/api/net/quality/report?device_id=${deviceId}`);
  expect(await report.text()).toContain('<svg');
});

test('whitelisted: both sockets go through the config’s socket link (the CDN origin); res_code 8 brings them back', async ({ page }) => {
  const scope = await faultScope(page);
  const cdn = (await cdnOrigin(page)).replace(/^http/, 'ws');
  await accelFault(page, { scope, resCode: 1 });
  const opened = (origin: string, path: string) => page.waitForEvent('websocket', { predicate: (w) => w.url() === `${origin}${path}`, timeout: scaled(40_000) });
  const viaCdn = Promise.all([opened(cdn, '/v5/public/spot'), opened(cdn, '/v5/private')]);
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  await viaCdn;
  // Market data still flows, now through the CDN edge.
  await expect(page.locator('.net-route__button')).toHaveAttribute('data-feed-socket', 'open');
  await expect(page.getByTestId('stale-book')).toHaveCount(0);

  const own = new URL(page.url()).origin.replace(/^http/, 'ws');
  const back = Promise.all([opened(own, '/v5/public/spot'), opened(own, '/v5/private')]);
  await accelFault(page, { scope, resCode: 8 });
  await back;
  await expect.poll(() => native(page)).toBe(true);
  await expect(page.locator('.net-route__button')).toHaveAttribute('data-feed-socket', 'open');
});
