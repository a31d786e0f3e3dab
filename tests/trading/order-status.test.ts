import { describe, expect, it } from 'vitest';
import { orderTypeLabelKey } from '../../src/core/order-kinds/index.ts';
import { applyOpenOrderUpdate, mapUtaStatus, openListAction, statusGroup, statusIcon } from '../../src/core/order-status.ts';
import { PLAN_TYPE, type Order, type OrderStatus } from '../../src/core/order-types.ts';
import { order } from './fixtures.ts';

describe('unified-account statuses (spec 4.6)', () => {
  const plans = [PLAN_TYPE.conditional, PLAN_TYPE.stopLimit, PLAN_TYPE.oco, PLAN_TYPE.tpsl, PLAN_TYPE.trailingStop, PLAN_TYPE.trailingProfit];
  it.each([
    ['Filled', 0, 'FILLED'],
    ['PartiallyFilledCanceled', 0, 'PARTIALLY_FILLED_CANCELED'],
    ['PartiallyFilled', 0, 'PARTIALLY_FILLED'],
    ['Deactivated', 1, 'ORDER_CANCELED'],
    ['Cancelled', 0, 'CANCELED'],
    ['Triggered', 1, 'ORDER_FILLED'],
    ['Rejected', 0, 'REJECTED'],
    ['Untriggered', 1, 'ORDER_NEW'],
    ['New', 0, 'NEW'],
    ['Something else', 0, 'UNKNOWN'],
  ] as const)('%s (plan %i) → %s', (raw, plan, want) => {
    expect(mapUtaStatus(raw, plan)).toBe(want);
  });
  it.each(plans)('Cancelled and Rejected of plan type %i are ORDER_ statuses', (plan) => {
    expect(mapUtaStatus('Cancelled', plan)).toBe('ORDER_CANCELED');
    expect(mapUtaStatus('Rejected', plan)).toBe('ORDER_REJECTED');
  });
});

describe('status icon groups (spec 3)', () => {
  it.each([
    ['pending', ['UNKNOWN', 'NEW', 'PENDING_NEW', 'PENDING_CANCEL', 'ORDER_NEW']],
    ['filled', ['ORDER_FILLED', 'PARTIALLY_FILLED', 'PARTIALLY_FILLED_CANCELED', 'FILLED']],
    ['canceled', ['ORDER_CANCELED', 'CANCELED']],
    ['failure', ['ORDER_REJECTED', 'REJECTED']],
  ] as const)('%s', (group, statuses) => {
    for (const s of statuses) expect(statusGroup(s as OrderStatus)).toBe(group);
  });
});

describe('order-type labels (spec 3)', () => {
  it.each([
    [{ type: 'LIMIT', planType: 0, createType: 'user' }, 'limit'],
    [{ type: 'MARKET', planType: 0, createType: 'user' }, 'market'],
    // A liquidation's order says so; an order that only borrows (isLeverage) does not (issue 32).
    [{ type: 'LIMIT', planType: 0, createType: 'liquidation' }, 'limit_liquidate'],
    [{ type: 'MARKET', planType: 0, createType: 'user', isLeverage: true }, 'market'],
    [{ type: 'MARKET', planType: 1, createType: 'user' }, 'conditional_market'],
    [{ type: 'LIMIT', planType: 8, createType: 'liquidation' }, 'stopLimit_limit_liquidate'],
    [{ type: 'LIMIT', planType: 8, createType: 'user', isLeverage: true }, 'stopLimit_limit'],
    [{ type: 'LIMIT', planType: 10, createType: 'user' }, 'oco'],
    [{ type: 'MARKET', planType: 4, createType: 'user' }, 'trailingStop'],
  ] as const)('%o → %s', (o, want) => {
    expect(orderTypeLabelKey(o)).toBe(want);
  });
});

describe('open-order list updates (spec 4.8)', () => {
  it.each([
    ['NEW', 0, 'add'],
    ['PARTIALLY_FILLED', 0, 'replace'],
    ['PARTIALLY_FILLED_CANCELED', 0, 'remove'],
    ['FILLED', 0, 'remove'],
    ['CANCELED', 0, 'remove'],
    ['REJECTED', 0, 'remove'],
    ['ORDER_NEW', 1, 'add'],
    ['ORDER_FILLED', 8, 'remove'],
    ['ORDER_CANCELED', 10, 'remove'],
    ['ORDER_REJECTED', 4, 'remove'],
    ['NEW', 8, 'ignore'],
  ] as const)('%s (plan %i) → %s', (status, plan, want) => {
    expect(openListAction(status, plan)).toBe(want);
  });

  const a = order({ orderId: 'a', status: 'NEW' });
  const b = order({ orderId: 'b', status: 'NEW' });
  it('adds new orders on top, once', () => {
    const list = applyOpenOrderUpdate(applyOpenOrderUpdate([], a), b);
    expect(list.map((o: Order) => o.orderId)).toEqual(['b', 'a']);
    expect(applyOpenOrderUpdate(list, a)).toHaveLength(2);
  });
  it('replaces a partially filled order in place, or adds it', () => {
    const partial = order({ orderId: 'a', status: 'PARTIALLY_FILLED', executedQty: '0.5' });
    expect(applyOpenOrderUpdate([b, a], partial)[1]!.executedQty).toBe('0.5');
    expect(applyOpenOrderUpdate([b], partial).map((o: Order) => o.orderId)).toEqual(['a', 'b']);
  });
  it('removes finished orders and ignores unknown ones', () => {
    expect(applyOpenOrderUpdate([b, a], order({ orderId: 'a', status: 'FILLED' })).map((o: Order) => o.orderId)).toEqual(['b']);
    const list = [b];
    expect(applyOpenOrderUpdate(list, order({ orderId: 'zz', status: 'CANCELED' }))).toBe(list);
  });
});

describe('statusIcon', () => {
  it('gives a partly filled order the half-filled mark, not the tick of a finished one', () => {
    expect(statusIcon('PARTIALLY_FILLED')).toBe('◐');
    expect(statusIcon('PARTIALLY_FILLED_CANCELED')).toBe('◐');
    expect(statusIcon('FILLED')).toBe('✓');
    expect(statusIcon('ORDER_FILLED')).toBe('✓');
    expect(statusIcon('NEW')).toBe('◷');
    expect(statusIcon('CANCELED')).toBe('⊘');
    expect(statusIcon('REJECTED')).toBe('✕');
  });
});
