import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs, twoFrames } from './support/accounts.ts';

// The position line and the grid-bot range on the chart (issue 6 item 7) against the local exchange.
// The position test buys on ETH/BTC with an account of its own, so its fills are all this test's.
// The grid-bot tests read the seeded bots of alice (read only) and log in through the page.
test.describe.configure({ timeout: scaled(120_000) });

const ALICE = /^alice Unified/;
const BOB = /^bob Classic/;
const DEMO = /^demo Demo trading/;
const XRW = { 'x-requested-with': 'e2e' };
const GRID_LIST = '/api/grid-bot/list';

const forms = (page: Page) => page.locator('[data-region="forms"]');
const summary = (page: Page) => page.getByTestId('chart-summary');
const positionLabel = (page: Page) => page.getByTestId('chart-position');
const gridLabel = (page: Page) => page.getByTestId('chart-grid-bot');
const displayMenu = (page: Page) => page.getByRole('group', { name: 'Display' });

async function login(page: Page, account: RegExp, path: string): Promise<void> {
  await page.goto(path);
  await forms(page).getByRole('link', { name: 'Log in' }).click();
  await page.getByRole('button', { name: account }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(forms(page).getByRole('region', { name: 'Place order' })).toBeVisible();
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
}

async function openDisplayMenu(page: Page): Promise<void> {
  if (await displayMenu(page).isVisible().catch(() => false)) return;
  await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'Display' }).click();
  await expect(displayMenu(page)).toBeVisible();
}

const SCALE = 10n ** 18n;
function units(s: string): bigint {
  const [w, f = ''] = s.split('.');
  return BigInt(w!) * SCALE + BigInt((f + '0'.repeat(18)).slice(0, 18));
}
function fixed(v: bigint, decimals: number): string {
  const s = v.toString().padStart(decimals + 1, '0');
  return decimals > 0 ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
}

interface Fill {
  side: string;
  execQty: string;
  execValue: string;
  execFee: string;
  feeCurrency: string;
}

/**
 * What the position line should say, worked out here from the exchange's own fill list: coins
 * received (net of the fee taken in ETH) and what they cost, average rounded half up to the tick.
 */
async function expectedPosition(page: Page): Promise<{ price: string; qty: bigint } | null> {
  const res = await page.request.get('/v5/execution/list?category=spot&symbol=ETHBTC&limit=100', { headers: XRW });
  expect(res.ok()).toBe(true);
  const list = ((await res.json()) as { result: { list: Fill[] } }).result.list;
  let qty = 0n;
  let cost = 0n;
  for (const f of list) {
    expect(f.side, 'this spec only buys ETH/BTC').toBe('Buy');
    qty += units(f.execQty) - (f.feeCurrency === 'ETH' ? units(f.execFee) : 0n);
    cost += units(f.execValue);
  }
  if (qty === 0n) return null;
  const twice = (cost * 10n ** 6n * 2n) / qty;
  return { price: fixed((twice + 1n) / 2n, 6), qty };
}

async function marketBuy(page: Page, qty: string): Promise<void> {
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'ETHBTC', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty }, headers: XRW });
  const body = (await res.json()) as { retCode: number; retMsg: string };
  expect(body.retMsg).toBe('OK');
}

test('the position line appears after a market buy at the average entry price of the fills, and moves with the next one', async ({ page }) => {
  const positions = page.waitForResponse((r) => r.url().includes('/unified/integrated/v5/queryPositions'));
  await openAs(page, 'uta', '/en/trade/spot/ETH/BTC');
  await expect(summary(page)).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  // The ETH a new account starts with has no known cost: no line until it buys on this pair.
  expect(await expectedPosition(page)).toBeNull();
  await positions;
  await twoFrames(page);
  await expect(positionLabel(page)).toHaveCount(0);

  // A market buy, sent to the exchange beside the page: the page hears of it through its private stream.
  await marketBuy(page, '0.05');
  await expect.poll(async () => (await expectedPosition(page))?.qty ?? 0n).toBeGreaterThan(0n);
  const first = (await expectedPosition(page))!;
  await expect(positionLabel(page)).toHaveAttribute('data-line-price', first.price, { timeout: scaled(15_000) });
  // 0.05 ETH less the 0.1 % fee is 0.04995, shown with the symbol's 4 quantity decimals.
  await expect(positionLabel(page)).toHaveText('Position 0.0499 ETH');
  await expect(positionLabel(page)).toHaveAccessibleName(new RegExp(`^Position 0\\.0499 ETH, average entry price ${first.price.replace('.', '\\.')}$`));
  await expect(positionLabel(page)).toBeVisible();

  await marketBuy(page, '0.05');
  await expect.poll(async () => (await expectedPosition(page))?.qty).toBe(units('0.0999'));
  const second = (await expectedPosition(page))!;
  await expect(positionLabel(page)).toHaveText('Position 0.0999 ETH', { timeout: scaled(15_000) });
  await expect(positionLabel(page)).toHaveAttribute('data-line-price', second.price);
  // The exchange's own position agrees.
  const res = await page.request.post('/unified/integrated/v5/queryPositions', { data: { needSort: 0, symbol: 'ETHBTC' }, headers: XRW });
  expect(((await res.json()) as { result: { list: Array<{ avgPrice: string; size: string }> } }).result.list).toEqual([
    expect.objectContaining({ avgPrice: second.price, size: '0.0999' }),
  ]);
});

test("alice sees her running grid bot's range with its bounds; the list is polled every 3 s; the grid flag hides and shows it", async ({ page }) => {
  let polls = 0;
  page.on('request', (r) => {
    if (r.url().includes(`${GRID_LIST}?status=2&symbol=BTCUSDT`)) polls++;
  });
  // The page's clock is the test's: the poll timer is stepped, not waited out (a slow machine would
  // only make it late).
  await page.clock.install();
  await login(page, ALICE, '/en/trade/spot/BTC/USDT');
  const label = gridLabel(page);
  await expect(label).toHaveCount(1, { timeout: scaled(15_000) });
  await expect(label).toHaveAttribute('data-band-min', '91180.00');
  await expect(label).toHaveAttribute('data-band-max', '102820.00');
  await expect(label).toHaveAttribute('data-grid-number', '12');
  await expect(label).toHaveAttribute('data-grid-type', 'grade');
  await expect(label).toHaveText('Grid bot 91,180.00 – 102,820.00 · 12 grids');
  await expect(label).toHaveAccessibleName('Grid bot range 91,180.00 to 102,820.00, 12 arithmetic grids');
  await expect(label).toBeVisible();
  // The band was drawn on the price scale: its top edge (max) lies above its bottom edge (min).
  await expect.poll(async () => Number(await label.getAttribute('data-band-bottom')) - Number(await label.getAttribute('data-band-top'))).toBeGreaterThan(0);

  // With the page's clock stopped, step it 100 ms at a time up to a poll; from there each 3 s of page
  // time brings one poll and 2.8 s none: the timer's period. (A poll also comes at once when the
  // user, the pair or the grid flag settles, as on start-up; none of them changes here.)
  await page.clock.pauseAt(Date.now() + 1000);
  /** Polls the page has sent by now: a poll goes out as its timer fires, before a round trip asked after it. */
  const sent = async () => {
    await page.evaluate(() => fetch('/healthz').then((r) => r.ok));
    return polls;
  };
  let last = await sent();
  for (let step = 0; step < 31 && (await sent()) === last; step++) await page.clock.runFor(100);
  await expect.poll(() => polls).toBeGreaterThan(last);
  for (let i = 1; i <= 3; i++) {
    last = await sent();
    await page.clock.runFor(2800);
    expect(await sent(), `no poll within 2.8 s (period ${i})`).toBe(last);
    await page.clock.runFor(200);
    await expect.poll(() => polls, `a poll by 3 s (period ${i})`).toBe(last + 1);
  }
  await page.clock.resume();

  await openDisplayMenu(page);
  const flag = displayMenu(page).getByRole('checkbox', { name: 'Show grid bot ranges' });
  await expect(flag).toBeChecked();
  await flag.uncheck();
  await expect(label).toHaveCount(0);
  await flag.check();
  await expect(label).toHaveCount(1);
  await expect(label).toHaveAttribute('data-band-max', '102820.00');
  // The flag is saved to alice's account (spec 5.9): the next test to open her page must find it on.
  await expect
    .poll(async () => {
      const res = await page.request.get('/spot/api/account/get_kline_config', { headers: XRW });
      const kline = ((await res.json()) as { result: { kline: string } }).result.kline;
      return kline ? (JSON.parse(JSON.parse(kline).saveData as string) as { display: { grid?: boolean } }).display.grid : undefined;
    }, { timeout: scaled(15_000) })
    .toBe(true);
});

test("bob (classic) sees no grid range of alice's; demo has no grid bots at all", async ({ page }) => {
  // The page's own poll answers (an empty list for bob) before the label is checked.
  const bobsPoll = page.waitForResponse((r) => r.url().includes(`${GRID_LIST}?status=2&symbol=BTCUSDT`));
  await login(page, BOB, '/en/trade/spot/BTC/USDT');
  expect(((await (await bobsPoll).json()) as { result: { total: number } }).result.total).toBe(0);
  await twoFrames(page);
  await expect(gridLabel(page)).toHaveCount(0);
  await openDisplayMenu(page);
  await expect(displayMenu(page).getByRole('checkbox', { name: 'Show grid bot ranges' })).toBeVisible();

  // Leave bob's page first: its 3 s poll must not land in the demo account's request log.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const gridCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(GRID_LIST)) gridCalls.push(r.url());
  });
  await login(page, DEMO, '/en/trade/spot/BTC/USDT');
  // The poll would start in the same update that learns who the user is (before the order form
  // shows, which login() waited for); the menu opens after that.
  await openDisplayMenu(page);
  await twoFrames(page);
  await expect(gridLabel(page)).toHaveCount(0);
  expect(gridCalls).toEqual([]);
  await expect(displayMenu(page).getByRole('checkbox', { name: 'Show average buy price line' })).toBeVisible();
  await expect(displayMenu(page).getByRole('checkbox', { name: 'Show grid bot ranges' })).toHaveCount(0);
  // The exchange refuses the list for a demo account too, as Bybit answers what demo trading lacks.
  const res = await page.request.get(`${GRID_LIST}?status=2`, { headers: XRW });
  expect(await res.json()).toMatchObject({ retCode: 10032, retMsg: 'Demo trading are not supported.' });
});
