// Spec 2.12's all-orders links and history ranges (issue 34 item 5): each tab and sub-tab links its
// own page of the account's order records; the history tabs offer 7, 30 and 180 days.
import { describe, expect, test } from 'vitest';
import { PERFORMANCE_LINK, TRADES_LINK, allOrdersLink } from '../../src/features/orders-panel/links.ts';
import { HISTORY_DAYS } from '../../src/state/trading/orders.ts';

describe('all-orders links (spec 2.12)', () => {
  test('current orders: the spot-current-orders pages per sub-tab', () => {
    expect(allOrdersLink('current', 'ordinary')).toBe('/user/assets/order/fed/spot-current-orders/active');
    expect(allOrdersLink('current', 'stopLimit')).toBe('/user/assets/order/fed/spot-current-orders/stop-limit');
    expect(allOrdersLink('current', 'conditional')).toBe('/user/assets/order/fed/spot-current-orders/conditional');
  });

  test('historical: spot-orders/active, plus /stop-limit and /conditional; transaction record: spot-history/active', () => {
    expect(allOrdersLink('history', 'ordinary')).toBe('/user/assets/order/fed/spot-orders/active');
    expect(allOrdersLink('history', 'stopLimit')).toBe('/user/assets/order/fed/spot-orders/stop-limit');
    expect(allOrdersLink('history', 'conditional')).toBe('/user/assets/order/fed/spot-orders/conditional');
    expect(allOrdersLink('trades', 'ordinary')).toBe('/user/assets/order/fed/spot-history/active');
    expect(TRADES_LINK).toBe('/user/assets/order/fed/spot-history/active');
  });

  test('trading performance: /user/assets/home/performance?tab=spot', () => {
    expect(PERFORMANCE_LINK).toBe('/user/assets/home/performance?tab=spot');
  });
});

describe('history ranges (spec 2.12, 9)', () => {
  test('the history tabs offer 7, 30 and 180 days', () => {
    expect(HISTORY_DAYS).toEqual([7, 30, 180]);
  });
});
