import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope } from './support/accounts.ts';
import { bidRowPoint } from './support/book.ts';
import { pixelCounts } from './support/pixels.ts';

const FAULTS = (path: string, body: unknown) => ({ path: `/faults/${path}`, body });

async function mirrorRows(page: Page, side: 'buy' | 'sell'): Promise<Array<{ price: string; qty: string; total: string }>> {
  return page.locator(`[data-testid="book-mirror"] tbody tr[data-side="${side}"]`).evaluateAll((rows) =>
    rows.map((r) => {
      const td = r.querySelectorAll('td');
      return { price: td[1]!.textContent!, qty: td[2]!.textContent!, total: td[3]!.textContent! };
    }),
  );
}

/** Both sides of the mirror read at one moment (two reads could straddle a book update). */
async function mirrorBook(page: Page): Promise<{ bids: number[]; asks: number[] }> {
  return page.getByTestId('book-mirror').evaluate((el) => {
    const side = (s: string) => [...el.querySelectorAll(`tbody tr[data-side="${s}"]`)].map((r) => Number(r.querySelectorAll('td')[1]!.textContent));
    return { bids: side('buy'), asks: side('sell') };
  });
}

async function waitForBook(page: Page) {
  await expect(page.locator('[data-testid="book-mirror"] tbody tr').first()).toBeAttached({ timeout: scaled(15_000) });
}

/** Pixels of a canvas that are clearly green (bids, buys) and clearly red (asks, sells). */
async function paintedColours(page: Page, testId: string): Promise<{ green: number; red: number }> {
  return pixelCounts(page, await page.getByTestId(testId).locator('canvas').screenshot());
}

test.describe('order book', () => {
  test('each mode shows the right rows, sorted', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForBook(page);
    const expected: Record<number, [number, number]> = { 1: [13, 13], 2: [40, 0], 3: [0, 40], 4: [40, 40] };
    const names = { 1: 'Buy and sell orders', 2: 'Buy orders only', 3: 'Sell orders only', 4: 'Buy and sell side by side' } as const;
    for (const mode of [1, 2, 3, 4] as const) {
      await page.getByRole('button', { name: names[mode] }).click();
      await expect(page.locator('.order-book')).toHaveAttribute('data-mode', String(mode));
      await expect.poll(async () => [(await mirrorRows(page, 'buy')).length, (await mirrorRows(page, 'sell')).length], { timeout: scaled(8000) }).toEqual(expected[mode]);
      const { bids, asks } = await mirrorBook(page);
      for (let i = 1; i < bids.length; i++) expect(bids[i]).toBeLessThan(bids[i - 1]!);
      for (let i = 1; i < asks.length; i++) expect(asks[i]).toBeGreaterThan(asks[i - 1]!);
      if (bids.length && asks.length) expect(bids[0]).toBeLessThan(asks[0]!);
    }
  });

  test('a merge step regroups prices onto the step, bids down and asks up', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForBook(page);
    await page.getByRole('button', { name: 'Buy and sell side by side' }).click();
    await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('10');
    await expect.poll(async () => (await mirrorRows(page, 'buy'))[0]?.price ?? '', { timeout: scaled(8000) }).toMatch(/^\d+0$/);
    const bids = await mirrorRows(page, 'buy');
    const asks = await mirrorRows(page, 'sell');
    for (const r of [...bids, ...asks]) expect(Number(r.price) % 10).toBe(0);
    // Merged rows are distinct buckets, and a bid bucket never sits at or above an ask bucket.
    expect(new Set(bids.map((r) => r.price)).size).toBe(bids.length);
    const book = await mirrorBook(page);
    expect(book.bids[0]).toBeLessThan(book.asks[0]!);
    // Totals are running sums of the row quantities.
    let sum = 0;
    for (const r of bids.slice(0, 10)) {
      sum += Number(r.qty);
      expect(Math.abs(Number(r.total) - sum)).toBeLessThan(1e-6 * Math.max(1, sum));
    }
    // The choice is kept for the symbol.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Price grouping' })).toHaveValue('10');
  });

  test('the total column switches between base and quote', async ({ page }) => {
    await page.goto('/en/trade/spot/ETH/USDT');
    await waitForBook(page);
    await expect(page.locator('.book-columns')).toContainText('Total(ETH)');
    const baseTotal = Number((await mirrorRows(page, 'buy'))[3]!.total);
    await page.getByRole('combobox', { name: 'Total column unit' }).selectOption('quote');
    await expect(page.locator('.book-columns')).toContainText('Total(USDT)');
    await expect.poll(async () => Number((await mirrorRows(page, 'buy'))[3]!.total), { timeout: scaled(5000) }).toBeGreaterThan(baseTotal * 1000);
    const rows = await mirrorRows(page, 'buy');
    const quote = Number(rows[0]!.total);
    expect(Math.abs(quote - Number(rows[0]!.price) * Number(rows[0]!.qty))).toBeLessThan(0.01 + quote * 1e-6);
  });

  test('a click on a row and the keyboard both choose the price', async ({ page, request }) => {
    // Once its book is drawn, this page's feed of PEPE/USDT is paused (for this page alone: its fault
    // scope): prices stay on their rows, so the row two below the clicked one shows another price
    // however slowly this test runs.
    const scope = await faultScope(page);
    await page.goto('/en/trade/spot/PEPE/USDT');
    await waitForBook(page);
    await page.getByRole('button', { name: 'Buy and sell orders' }).click();
    await expect(page.locator('.order-book')).toHaveAttribute('data-mode', '1');
    // The rows the click lands on are painted (by the canvas worker, or the main thread without one).
    const drawn = () => page.evaluate(async () => (await window.__spotDebug!.workerDrawnFrames()) ?? window.__spotDebug!.drawnFrames());
    const before = await drawn();
    await expect.poll(drawn).toBeGreaterThan(before + 1);
    const pause = FAULTS('pause', { symbol: 'PEPEUSDT', scope });
    expect((await request.post(pause.path, { data: pause.body })).ok()).toBe(true);
    try {
      const canvas = page.getByTestId('order-book-canvas');
      // The first bid row.
      const at = await bidRowPoint(page, 0);
      await page.mouse.click(at.x, at.y);
      await expect(page.locator('.order-book')).not.toHaveAttribute('data-selected-price', '');
      const clicked = await page.locator('.order-book').getAttribute('data-selected-price');
      expect(clicked).toMatch(/^\d+\.\d+$/);
      await expect(page.getByRole('tooltip')).toContainText('Average price');
      await canvas.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.order-book').getAttribute('data-selected-price')).not.toBe(clicked);
      // Two rows further down the bids is a lower price.
      expect(Number(await page.locator('.order-book').getAttribute('data-selected-price'))).toBeLessThan(Number(clicked));
    } finally {
      const resume = FAULTS('resume', { symbol: 'PEPEUSDT', scope });
      expect((await request.post(resume.path, { data: resume.body })).ok()).toBe(true);
    }
  });

  test('the highlight follows the price: the row showing the chosen price is outlined wherever it moves, and none while it is not shown', async ({ page, request }) => {
    test.setTimeout(scaled(60_000));
    const scope = await faultScope(page);
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForBook(page);
    await page.getByRole('button', { name: 'Buy and sell orders' }).click();
    await expect(page.locator('.order-book')).toHaveAttribute('data-mode', '1');
    type Shown = { side: number; row: number; price: string } | null;
    const shown = () => page.evaluate(() => window.__spotDebug!.canvas('bookHighlight') as Promise<Shown>);
    const selected = () => page.locator('.order-book').getAttribute('data-selected-price');
    const canvas = page.getByTestId('order-book-canvas');
    // A click on the eighth bid row: levels come and go above it as the market moves, so its price changes rows.
    const ROW = 7;
    const wrong: Shown[] = [];
    let moved: Shown = null;
    for (let attempt = 0; attempt < 6 && !moved; attempt++) {
      // No highlight, then the click's: what is outlined next is the price the click chose.
      await canvas.focus();
      await page.keyboard.press('Escape');
      await expect.poll(shown).toBeNull();
      const at = await bidRowPoint(page, ROW);
      await page.mouse.click(at.x, at.y);
      // (Rarely the clicked price has left the rows before it is drawn: choose again.)
      const outlined = await expect.poll(async () => (await shown()) !== null).toBe(true).then(() => true, () => false);
      if (!outlined) continue;
      const chosen = await selected();
      // Every drawing outlines the chosen price's row, or no row while that price is not shown;
      // wait (up to 10 s, then choose again) until it stands on another row than the one clicked.
      await expect
        .poll(
          async () => {
            const h = await shown();
            if (h && (h.price !== chosen || h.side !== 0)) wrong.push(h);
            if (h && h.row !== ROW) moved = h;
            return moved !== null;
          },
          { timeout: scaled(10_000) },
        )
        .toBe(true)
        .catch(() => {});
    }
    expect(wrong).toEqual([]);
    expect(moved).not.toBeNull();
    // Grouped by 10, the chosen cent price is shown on no row: nothing is outlined.
    await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('10');
    await expect.poll(async () => (await mirrorRows(page, 'buy'))[0]?.price ?? '', { timeout: scaled(8000) }).toMatch(/^\d+0$/);
    await expect.poll(shown).toBeNull();
    await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('0.01');
    // The cent rows are back before the keyboard moves through them (an arrow on an empty book moves nothing).
    await expect.poll(async () => (await mirrorRows(page, 'buy'))[0]?.price ?? '', { timeout: scaled(8000) }).toMatch(/\.\d\d$/);
    // Keyboard focus is a price too: the arrow moves it to the next row's price, Enter chooses it.
    // This page's BTC feed is paused meanwhile (its fault scope alone), so the focused price stays on
    // the rows between the arrow and Enter (Enter chooses only a price that is shown).
    const pause = FAULTS('pause', { symbol: 'BTCUSDT', scope });
    expect((await request.post(pause.path, { data: pause.body })).ok()).toBe(true);
    try {
      // Updates already on their way when the pause lands can still move the focused price off the
      // rows (then the focus shows nowhere and Enter chooses nothing): a person presses again.
      let chose = false;
      for (let attempt = 0; attempt < 3 && !chose; attempt++) {
        const last = await selected();
        await canvas.focus();
        await page.keyboard.press('ArrowDown');
        let focused: Shown = null;
        const seen = await expect
          .poll(async () => { const h = await shown(); if (h !== null && h.price !== last) focused = h; return focused !== null; })
          .toBe(true)
          .then(() => true, () => false);
        if (!seen) continue;
        await page.keyboard.press('Enter');
        chose = await expect.poll(selected).toBe(focused!.price).then(() => true, () => false);
      }
      expect(chose).toBe(true);
    } finally {
      const resume = FAULTS('resume', { symbol: 'BTCUSDT', scope });
      expect((await request.post(resume.path, { data: resume.body })).ok()).toBe(true);
    }
  });

  test('the book and the tape are painted by the canvas worker, and on the main thread with ?offscreen=0', async ({ browser }) => {
    // Two cold page loads in one test: 30 s ran out once on a fresh clone (see the stop note).
    test.setTimeout(scaled(60_000));
    for (const offscreen of [true, false]) {
      const ctx = await browser.newContext({ viewport: { width: 2100, height: 1150 } });
      const page = await ctx.newPage();
      await page.goto(`/en/trade/spot/BTC/USDT${offscreen ? '' : '?offscreen=0'}`);
      await waitForBook(page);
      await expect(page.locator('html')).toHaveAttribute('data-renderer', /^(canvas|webgl|webgpu)$/);
      const worker = () => page.evaluate(() => window.__spotDebug!.workerDrawnFrames());
      const main = () => page.evaluate(() => window.__spotDebug!.drawnFrames());
      if (offscreen) {
        const before = (await worker())!;
        await expect.poll(worker, { timeout: scaled(8000) }).toBeGreaterThan(before + 5);
      } else {
        expect(await worker()).toBeNull();
        const before = await main();
        await expect.poll(main, { timeout: scaled(8000) }).toBeGreaterThan(before + 5);
      }
      // Both sides of the book and both kinds of trade are on screen, whoever draws them.
      await expect.poll(async () => { const c = await paintedColours(page, 'order-book-canvas'); return Math.min(c.green, c.red); }, { timeout: scaled(8000) }).toBeGreaterThan(200);
      await expect.poll(async () => { const c = await paintedColours(page, 'trades-canvas'); return c.green + c.red; }, { timeout: scaled(8000) }).toBeGreaterThan(200);
      await ctx.close();
    }
  });

  test('when the canvas worker fails to start, the book and the tape are drawn on the main thread', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 2100, height: 1150 } });
    const page = await ctx.newPage();
    // The canvas worker's script throws as it loads.
    await page.route(/\/assets\/canvas-worker-[^/]*\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken canvas worker");' }));
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/en/trade/spot/BTC/USDT');
    await waitForBook(page);
    await expect.poll(() => errors.some((e) => e.includes('canvas worker failed')), { timeout: scaled(8000) }).toBe(true);
    expect(await page.evaluate(() => window.__spotDebug!.workerDrawnFrames())).toBeNull();
    const main = () => page.evaluate(() => window.__spotDebug!.drawnFrames());
    const before = await main();
    await expect.poll(main, { timeout: scaled(8000) }).toBeGreaterThan(before + 5);
    await expect.poll(async () => { const c = await paintedColours(page, 'order-book-canvas'); return Math.min(c.green, c.red); }, { timeout: scaled(8000) }).toBeGreaterThan(200);
    await expect.poll(async () => { const c = await paintedColours(page, 'trades-canvas'); return c.green + c.red; }, { timeout: scaled(8000) }).toBeGreaterThan(200);
    // And a click still chooses the price the book shows.
    await page.getByRole('button', { name: 'Buy and sell orders' }).click();
    const at = await bidRowPoint(page, 0);
    await page.mouse.click(at.x, at.y);
    await expect(page.locator('.order-book')).toHaveAttribute('data-selected-price', /^\d+\.\d{2}$/);
    await ctx.close();
  });

  test('book and trades are tabs at 2036 px and side by side at 2037 px', async ({ browser }) => {
    for (const [width, layout] of [[2036, 'tabs'], [2037, 'side-by-side']] as const) {
      const ctx = await browser.newContext({ viewport: { width, height: 1000 } });
      const page = await ctx.newPage();
      await page.goto('/en/trade/spot/BTC/USDT');
      await expect(page.locator('.book-and-trades')).toHaveAttribute('data-layout', layout);
      await ctx.close();
    }
  });

  test('latest trades show 40 rows at most, with buy and sell sides', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await page.getByRole('tab', { name: 'Trades' }).click();
    await expect(page.locator('[data-testid="trades-mirror"] tbody tr').first()).toBeAttached({ timeout: scaled(15_000) });
    await expect.poll(() => page.locator('[data-testid="trades-mirror"] tbody tr').count(), { timeout: scaled(20_000) }).toBeGreaterThan(5);
    expect(await page.locator('[data-testid="trades-mirror"] tbody tr').count()).toBeLessThanOrEqual(40);
    const times = await page.locator('[data-testid="trades-mirror"] tbody tr td:nth-child(3)').allTextContents();
    for (const t of times) expect(t).toMatch(/^\d\d:\d\d:\d\d$/);
  });

  test('the header and the tab title show the live price', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.getByTestId('header-last-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/, { timeout: scaled(15_000) });
    await expect(page).toHaveTitle(/^BTC\/USDT [▲▼]? ?\d{1,3}(,\d{3})*\.\d{2} \| Spot trading$/);
    await expect(page.locator('[data-stat="change24h"] dd')).toHaveText(/^(\+|-)?\d+\.\d{2}%$/);
  });

  test('the stale marker shows while the exchange pauses the feed and goes when it resumes', async ({ page, request }) => {
    // The pause is for this page alone (its fault scope), so it disturbs no test running beside it.
    const scope = await faultScope(page);
    await page.goto('/en/trade/spot/PEPE/USDT?staleAfter=800');
    await waitForBook(page);
    await expect(page.getByTestId('stale-book')).toHaveCount(0);
    const pause = FAULTS('pause', { symbol: 'PEPEUSDT', scope });
    expect((await request.post(pause.path, { data: pause.body })).ok()).toBe(true);
    try {
      await expect(page.getByTestId('stale-book')).toBeVisible({ timeout: scaled(8000) });
      await expect(page.getByTestId('stale-book')).toContainText('Market data delayed');
    } finally {
      const resume = FAULTS('resume', { symbol: 'PEPEUSDT', scope });
      expect((await request.post(resume.path, { data: resume.body })).ok()).toBe(true);
    }
    await expect(page.getByTestId('stale-book')).toHaveCount(0, { timeout: scaled(8000) });
  });

  test('right to left mirrors the book: prices on the right', async ({ page }) => {
    await page.goto('/ar-SA/trade/spot/BTC/USDT');
    await waitForBook(page);
    const cols = page.locator('.book-columns__set').first().locator('span');
    const price = (await cols.nth(0).boundingBox())!;
    const total = (await cols.nth(2).boundingBox())!;
    expect(price.x).toBeGreaterThan(total.x);
  });
});
