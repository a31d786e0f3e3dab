import type { Page } from '@playwright/test';

/** Fills of a made-up history, newest first, one a minute back from now. */
export function madeUpFills(symbol: string, n: number, now = Date.now()) {
  return Array.from({ length: n }, (_, i) => ({
    category: 'spot',
    symbol,
    execId: `e2e-fill-${i}`,
    orderId: `e2e-order-${i}`,
    side: i % 2 === 0 ? 'Buy' : 'Sell',
    orderType: i % 3 === 0 ? 'Market' : 'Limit',
    execPrice: '1234.5',
    execQty: '2.5',
    execValue: '3086.25',
    execFee: '0.00308625',
    feeCurrency: 'USDT',
    isMaker: i % 2 === 1,
    execTime: String(now - i * 60_000),
  }));
}

/**
 * Answers the page's /v5/execution/list reads (the chart's and the orders panel's) with the
 * `fills` inside each read's startTime–endTime window, so a test sees a history of a size or
 * shape the local exchange would need hundreds of orders to build.
 */
export async function serveFills(page: Page, fills: ReadonlyArray<{ execTime: string }>): Promise<void> {
  await page.route('**/v5/execution/list?**', (route) => {
    const q = new URL(route.request().url()).searchParams;
    const lo = Number(q.get('startTime') ?? 0);
    const hi = Number(q.get('endTime') ?? Number.MAX_SAFE_INTEGER);
    const list = fills.filter((f) => Number(f.execTime) >= lo && Number(f.execTime) <= hi);
    return route.fulfill({ json: { retCode: 0, retMsg: 'OK', result: { category: 'spot', list, nextPageCursor: '' }, retExtInfo: {}, time: Date.now() } });
  });
}
