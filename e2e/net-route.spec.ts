import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, openAs } from './support/accounts.ts';
import { recordToasts, toastTexts } from './support/toasts.ts';

// The network-route picker (spec 2.16, 4.2) against the exchange's route origins (server/net/):
// each test owns a fault scope, so a route it slows or kills is slow or dead for its page alone.
test.describe.configure({ timeout: scaled(60_000) });

const footer = (page: Page) => page.getByRole('contentinfo', { name: 'Footer bar' });
const pickerButton = (page: Page) => footer(page).locator('.net-route__button');
const picker = (page: Page) => page.getByRole('dialog', { name: 'Network route' });
const option = (page: Page, name: RegExp) => picker(page).getByRole('button', { name });

async function routeFault(page: Page, body: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/faults/route', { data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

async function routePorts(page: Page): Promise<Map<string, number | null>> {
  const res = await page.request.get('/api/net/routes');
  const body = (await res.json()) as { result: { routes: Array<{ name: string; port: number | null }> } };
  return new Map(body.result.routes.map((r) => [r.name, r.port]));
}

test('the picker shows each route with its latency and colour; a manual pick survives a reload', async ({ page }) => {
  const scope = await faultScope(page);
  const ports = await routePorts(page);
  expect([...ports.keys()]).toEqual(['main', 'edge-1', 'edge-2']);
  await routeFault(page, { scope, name: 'edge-1', latencyMs: 700 });
  await routeFault(page, { scope, name: 'edge-2', dead: true });
  await page.goto('/en/trade/spot/SOL/USDT');
  await pickerButton(page).click();
  await expect(option(page, /^Auto$/)).toHaveAttribute('aria-pressed', 'true');
  // Direct is fast (green), edge-1 700 ms (warn), edge-2 fails: counted as 15,000 ms (danger).
  await expect(option(page, /^Direct \d+ ms/).locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
  await expect(option(page, /^edge-1 [\d,]+ ms/).locator('[data-tone]')).toHaveAttribute('data-tone', 'warn');
  await expect(option(page, /^edge-2 15,000 ms/).locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  await expect(pickerButton(page)).toHaveAttribute('data-route', 'main');

  // A manual pick is used at once (the page's API goes to that route's port) and kept.
  await routeFault(page, { scope, name: 'edge-1', latencyMs: 0 });
  await option(page, /^edge-1/).click();
  await expect(pickerButton(page)).toHaveAttribute('data-route', 'edge-1');
  await expect(pickerButton(page)).toContainText('edge-1');
  // The feed socket moves to that route once the page knows the pick.
  const viaEdge = page.waitForEvent('websocket', (w) => w.url() === `ws://127.0.0.1:${ports.get('edge-1')}/v5/public/spot`);
  await page.reload();
  await expect(pickerButton(page)).toHaveAttribute('data-route', 'edge-1');
  await expect(pickerButton(page)).not.toContainText('Auto');
  await viaEdge;
  await pickerButton(page).click();
  await expect(option(page, /^edge-1/)).toHaveAttribute('aria-pressed', 'true');
});

test('a dead route makes Auto move while an order is placed, and exactly one order arrives', async ({ page }) => {
  const scope = await faultScope(page);
  await recordToasts(page);
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  await expect(pickerButton(page)).toHaveAttribute('data-route', 'main');
  await expect(pickerButton(page)).toContainText(/\d+ ms/);
  const ticker = (await (await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT')).json()) as { result: { list: Array<{ lastPrice: string }> } };
  const price = (Number(ticker.result.list[0]!.lastPrice) * 0.7).toFixed(2);

  const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  await form.getByRole('tab', { name: 'Buy' }).click();
  await form.getByLabel('Order type').selectOption('limit');
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Quantity', { exact: true }).fill('0.1');
  // The route in use dies (its open sockets are cut) just before the order goes.
  await routeFault(page, { scope, name: 'main', dead: true });
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/v5/order/create')) creates.push(r.url());
  });
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Order placed'));
  await expect(pickerButton(page)).not.toHaveAttribute('data-route', 'main', { timeout: scaled(6_000) });
  await expect(pickerButton(page)).toContainText('Auto');

  // The page's own requests now go to the new route; the main origin is fine again for the check.
  await routeFault(page, { scope, name: 'main', dead: false });
  const res = await page.request.get('/v5/order/realtime?category=spot&symbol=SOLUSDT', { headers: { 'x-requested-with': 'e2e' } });
  const list = ((await res.json()) as { result: { list: Array<{ price: string }> } }).result.list;
  expect(list.filter((o) => Number(o.price) === Number(price))).toHaveLength(1);
  // Either Auto had moved already (one send on the new route), or it was sent on the dead route,
  // dropped unanswered, and once more on the new one with the same orderLinkId.
  expect(creates.length === 1 || (creates.length === 2 && new URL(creates[0]!).port === new URL(page.url()).port)).toBe(true);
  expect(new URL(creates.at(-1)!).port).not.toBe(new URL(page.url()).port);
});
