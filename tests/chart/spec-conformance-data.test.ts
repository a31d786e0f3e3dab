// Issue 15 item 10, the chart's data: average lines (spec 7.3, 9) and the trade-history window (9).
import { describe, expect, it } from 'vitest';
import { averagePrice, avgLineDays, mergeRecentFills, recentExecutions } from '../../src/core/chart/order-overlays.ts';
import { AVG_LINE_DEFAULT_DAYS, AVG_LINE_MAX_RECORDS, CLASSIC_AVG_MAX_DAYS, TRADE_HISTORY_DAYS } from '../../src/core/constants.ts';
import type { Execution } from '../../src/core/order-types.ts';
import { DEFAULT_DISPLAY, sanitizeDisplay } from '../../src/state/chart/chart-overlays.ts';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const fill = (side: 'Buy' | 'Sell', price: string, qty: string, t: number, id = `${side}${price}${t}`): Execution =>
  ({ tradeId: id, orderId: 'x', symbolId: 'SOLUSDT', side, execPrice: price, execQty: qty, execValue: String(Number(price) * Number(qty)), execFee: '0', feeCurrency: 'USDT', orderType: 'Limit', isMaker: true, tradeTime: t }) as Execution;

describe('average buy / sell lines (spec 7.3, 9)', () => {
  it('default to 7 days, also when the stored range is not one of the choices', () => {
    expect(AVG_LINE_DEFAULT_DAYS).toBe(7);
    expect(DEFAULT_DISPLAY.avgBuyDays).toBe(7);
    expect(DEFAULT_DISPLAY.avgSellDays).toBe(7);
    expect(sanitizeDisplay({ avgBuyDays: 45 }).avgBuyDays).toBe(7);
  });

  it('average at most the newest 1000 records of a side', () => {
    expect(AVG_LINE_MAX_RECORDS).toBe(1000);
    // 1000 recent buys at 100, and one older buy at 10 000: the old one is the 1001st, left out.
    const fills = [fill('Buy', '10000', '1', NOW - 2 * DAY), ...Array.from({ length: 1000 }, (_, i) => fill('Buy', '100', '1', NOW - i * 1000))];
    expect(averagePrice(fills, 'Buy', NOW - 7 * DAY, 2).price).toBe('100.00');
    // With 999 recent ones the old one counts.
    expect(averagePrice(fills.slice(0, 1000), 'Buy', NOW - 7 * DAY, 2)).toMatchObject({ sumExecQty: '1000' });
    expect(averagePrice(fills.slice(0, 1000), 'Buy', NOW - 7 * DAY, 2).price).toBe('109.90');
  });

  it('cap the day span at 90 days for classic accounts only', () => {
    expect(CLASSIC_AVG_MAX_DAYS).toBe(90);
    expect(avgLineDays(365, false)).toBe(90);
    expect(avgLineDays(1095, false)).toBe(90);
    expect(avgLineDays(30, false)).toBe(30);
    expect(avgLineDays(365, true)).toBe(365);
  });
});

describe('executions on the chart (spec 9: last 90 days)', () => {
  it('keeps the fills of the last 90 days, not older ones', () => {
    expect(TRADE_HISTORY_DAYS).toBe(90);
    const fills = [fill('Buy', '1', '1', NOW - 1000), fill('Sell', '2', '1', NOW - 60 * DAY), fill('Buy', '3', '1', NOW - 89 * DAY), fill('Buy', '4', '1', NOW - 91 * DAY)];
    expect(recentExecutions(fills, NOW).map((e) => e.execPrice)).toEqual(['1', '2', '3']);
  });

  it('a re-read of the newest days replaces those and keeps the older ones', () => {
    const before = [fill('Buy', '1', '1', NOW - 1 * DAY, 'a'), fill('Buy', '2', '1', NOW - 30 * DAY, 'b')];
    const recent = [fill('Sell', '3', '1', NOW - 1000, 'c'), fill('Buy', '1', '1', NOW - 1 * DAY, 'a')];
    expect(mergeRecentFills(before, recent, NOW - 7 * DAY).map((e) => e.tradeId)).toEqual(['c', 'a', 'b']);
  });
});
