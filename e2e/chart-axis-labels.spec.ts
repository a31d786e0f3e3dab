import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs } from './support/accounts.ts';

// Issue 15 item 4: the boxes on the chart's price axis never print over each other. A unified
// account of the test's own on SOL/USDT: three buy orders a cent apart (their boxes would stand on
// one another) and the average buy price of a fill at the market (its box on the last price's).
test.describe.configure({ timeout: scaled(120_000) });

const PATH = '/en/trade/spot/SOL/USDT';
const XRW = { 'x-requested-with': 'e2e' };

type AxisBox = { kind: string; text: string; top: number; height: number; y?: number };

const axisBoxes = (page: Page) => page.evaluate(() => (window.__spotDebug!.canvas('chartAxisLabels') ?? []) as AxisBox[]);

async function create(page: Page, data: Record<string, string>): Promise<void> {
  const res = await page.request.post('/v5/order/create', { data: { category: 'spot', symbol: 'SOLUSDT', ...data }, headers: XRW });
  expect(((await res.json()) as { retMsg: string }).retMsg).toBe('OK');
}

function overlaps(boxes: AxisBox[]): string[] {
  const sorted = [...boxes].sort((a, b) => a.top - b.top);
  const out: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (b.top < a.top + a.height) out.push(`${a.kind} ${a.text} [${a.top}, ${a.top + a.height}) over ${b.kind} ${b.text} at ${b.top}`);
  }
  return out;
}

test('labels on the price axis do not overlap: the last price stays at its price, the others shift apart', async ({ page }) => {
  await openAs(page, 'uta', PATH);
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  // A fill at the market: the average buy price is about the last price.
  await create(page, { side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '1' });
  const res = await page.request.get('/v5/market/tickers?category=spot&symbol=SOLUSDT');
  const last = Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
  for (const k of [0, 1, 2]) await create(page, { side: 'Buy', orderType: 'Limit', qty: '0.05', price: (last * 0.97 + k * 0.01).toFixed(2) });
  await expect(page.getByTestId('chart-order-lines').locator('[data-line-kind="price"]')).toHaveCount(3, { timeout: scaled(15_000) });
  const toolbar = page.getByRole('toolbar', { name: 'Chart tools' });
  await toolbar.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('group', { name: 'Display' }).getByRole('checkbox', { name: 'Show average buy price line' }).check();
  await expect(page.getByTestId('chart-avg-buy')).toBeVisible({ timeout: scaled(15_000) });
  await page.keyboard.press('Escape');

  // Every box is drawn: the last price, the average, the three orders (and the position's, at
  // about the last price too, once the exchange's position has it).
  const complete = (kinds: string[]) => kinds.includes('last') && kinds.includes('average') && kinds.filter((k) => k === 'order').length === 3;
  await expect.poll(async () => complete((await axisBoxes(page)).map((b) => b.kind)), { timeout: scaled(15_000) }).toBe(true);
  const boxes = await axisBoxes(page);
  expect(overlaps(boxes)).toEqual([]);
  // The last price is at its price; the orders a cent apart could not all stay at theirs.
  const lastBox = boxes.find((b) => b.kind === 'last')!;
  expect(lastBox.top).toBe(lastBox.y! - lastBox.height / 2);
  expect(boxes.filter((b) => b.kind === 'order').some((b) => b.top !== b.y! - b.height / 2)).toBe(true);

  // The crosshair's box on the last price: on its own layer above them; the others stay apart.
  const canvas = page.getByTestId('chart-canvas');
  const area = (await canvas.boundingBox())!;
  await page.mouse.move(area.x + area.width / 3, area.y + lastBox.y!);
  await expect.poll(async () => (await axisBoxes(page)).some((b) => b.kind === 'crosshair'), { timeout: scaled(10_000) }).toBe(true);
  const withCrosshair = await axisBoxes(page);
  expect(overlaps(withCrosshair.filter((b) => b.kind !== 'crosshair'))).toEqual([]);
  const lastNow = withCrosshair.find((b) => b.kind === 'last')!;
  expect(lastNow.top).toBe(lastNow.y! - lastNow.height / 2);
  await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: 'SOLUSDT', orderFilter: 'Order' }, headers: XRW });
});

// Walk 7, A3 and C3: on PEPE/USDT (tick 0.00000001, a price of about 0.00001871) every tick label
// of the chart's price axis read "0", the last-price box showed 0.0000187 (a 72 px axis cut its
// last digit), and the book's Quantity read 5073051210 beside a Total of 32.13B.
test('PEPE/USDT: the price axis labels at 8 places, the last price whole; book sizes abbreviated as totals are', async ({ page }) => {
  await openAs(page, 'classic', '/en/trade/spot/PEPE/USDT');
  await expect(page.getByTestId('chart-summary')).toHaveAttribute('data-state', 'ready', { timeout: scaled(20_000) });
  type Axis = { ticks: string[]; width: number };
  const priceAxis = () => page.evaluate(() => window.__spotDebug!.canvas('chartPriceAxis') as Axis | null);
  await expect.poll(async () => (await priceAxis())?.ticks.length ?? 0, { timeout: scaled(15_000) }).toBeGreaterThan(1);
  const axis = (await priceAxis())!;
  for (const t of axis.ticks) expect(t).toMatch(/^0\.\d{8}$/);
  expect(new Set(axis.ticks).size).toBe(axis.ticks.length);
  expect([...axis.ticks].map(Number)).toEqual([...axis.ticks].map(Number).sort((a, b) => a - b));
  const last = (await axisBoxes(page)).find((b) => b.kind === 'last')!;
  expect(last.text).toMatch(/^0\.\d{8}$/);
  // The box's text starts 6 px into the axis, 7.3 px a glyph: it ends inside the axis.
  expect(axis.width).toBeGreaterThanOrEqual(6 + last.text.length * 7.3);

  // The book's sizes: at most six integer digits as they are, larger ones K, M, B or T as the totals.
  const sizes = page.getByTestId('book-mirror').locator('tbody tr td:nth-child(3)');
  await expect(sizes.first()).toBeAttached({ timeout: scaled(15_000) });
  const texts = await sizes.allTextContents();
  for (const s of texts) expect(s).toMatch(/^(\d{1,6}|\d+\.\d{2}[KMBT])$/);
  // PEPE's levels hold hundreds of millions: some are abbreviated.
  expect(texts.some((s) => /[KMBT]$/.test(s))).toBe(true);
});
