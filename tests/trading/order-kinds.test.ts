// Issue 31 item 7: one definition per order kind (core/order-kinds/) — its form fields, checks,
// request body, labels and group — read by the form, the modify dialog, the chart's lines and the
// tables. These hold the definitions to what the page showed and sent before they existed.
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/spotExchange.json';
import { groupOfPlan } from '../../src/core/order-groups.ts';
import { kindOfOrder, ORDER_KINDS, orderKind, orderTypeLabelKey, type FormField } from '../../src/core/order-kinds/index.ts';
import { EMPTY_DRAFT, type OrderDraft } from '../../src/core/order-rules.ts';
import { PLAN_TYPE, type Order } from '../../src/core/order-types.ts';

const ALL_EXTRAS = { timeInForce: true, postOnly: true, slippage: true, tpsl: true };
const text = (key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
const order = (planType: number, type: 'LIMIT' | 'MARKET'): Order => ({ planType, type, createType: 'user' }) as unknown as Order;

function labelsOf(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.type === 'group' ? [f.labelKey, ...labelsOf(f.fields)] : f.type === 'choice' ? [f.labelKey, ...f.options.flatMap((o) => (o.labelKey ? [o.labelKey] : []))] : [f.labelKey]));
}

describe('the order kinds', () => {
  it('are the form’s six, in its order, each named in English with every label of its fields', () => {
    expect(ORDER_KINDS.map((k) => k.kind)).toEqual(['limit', 'market', 'conditional', 'stopLimit', 'oco', 'trailing']);
    for (const k of ORDER_KINDS) {
      expect(orderKind(k.kind)).toBe(k);
      const drafts: OrderDraft[] = [
        { ...EMPTY_DRAFT, kind: k.kind },
        { ...EMPTY_DRAFT, kind: k.kind, marketBy: 'amount', execType: 'market', tpType: 'market', slType: 'market', trailingBy: 'value' },
      ];
      for (const key of [k.labelKey, ...drafts.flatMap((d) => labelsOf(k.fields(d, ALL_EXTRAS)))]) expect(typeof text(key), `${k.kind}: ${key}`).toBe('string');
    }
  });

  it('list their open orders where groupOfPlan does, and each open order finds its kind back', () => {
    for (const k of ORDER_KINDS) {
      for (const p of k.planTypes) {
        expect(groupOfPlan(p), `${k.kind} plan ${p}`).toBe(k.group);
        if (p !== PLAN_TYPE.none) expect(kindOfOrder(order(p, 'LIMIT'))).toBe(k);
      }
    }
    expect(kindOfOrder(order(PLAN_TYPE.none, 'LIMIT')).kind).toBe('limit');
    expect(kindOfOrder(order(PLAN_TYPE.none, 'MARKET')).kind).toBe('market');
  });

  it('only OCO is kept from demo accounts; OCO and trailing stops come with their guides', () => {
    expect(ORDER_KINDS.filter((k) => !k.demo).map((k) => k.kind)).toEqual(['oco']);
    expect(Object.fromEntries(ORDER_KINDS.filter((k) => k.guide).map((k) => [k.kind, k.guide]))).toEqual({ oco: 'oco', trailing: 'trailing' });
  });

  it('say what an edit of an open order may change: the dialog’s fields and whether its lines drag', () => {
    const edits = (p: number, t: 'LIMIT' | 'MARKET') => kindOfOrder(order(p, t)).edits(order(p, t));
    expect(edits(PLAN_TYPE.none, 'LIMIT')).toEqual({ price: true, trigger: null, trailing: false, draggable: true });
    expect(edits(PLAN_TYPE.conditional, 'LIMIT')).toEqual({ price: true, trigger: 'trigger', trailing: false, draggable: true });
    expect(edits(PLAN_TYPE.conditional, 'MARKET')).toEqual({ price: false, trigger: 'trigger', trailing: false, draggable: true });
    expect(edits(PLAN_TYPE.tpsl, 'LIMIT')).toEqual({ price: true, trigger: 'trigger', trailing: false, draggable: true });
    expect(edits(PLAN_TYPE.oco, 'LIMIT')).toEqual({ price: false, trigger: null, trailing: false, draggable: false });
    expect(edits(PLAN_TYPE.trailingProfit, 'MARKET')).toEqual({ price: false, trigger: 'activation', trailing: true, draggable: false });
  });

  it('fill the field a book click names, and start the price fields at the last price', () => {
    expect(Object.fromEntries(ORDER_KINDS.map((k) => [k.kind, [k.bookPrice, k.startsAtLast]]))).toEqual({
      limit: ['price', true], market: [null, false], conditional: ['price', true], stopLimit: ['price', true], oco: ['tpTrigger', false], trailing: ['activationPrice', false],
    });
  });

  it('compute a buy’s cost at the price it will execute at', () => {
    const d: OrderDraft = { ...EMPTY_DRAFT, price: '1', triggerPrice: '2', tpTrigger: '3', tpPrice: '4' };
    const at = (kind: OrderDraft['kind'], patch: Partial<OrderDraft> = {}) => orderKind(kind).calcPrice({ ...d, kind, ...patch }, '9');
    expect([at('limit'), at('market'), at('conditional'), at('conditional', { execType: 'market' }), at('stopLimit'), at('oco'), at('oco', { tpType: 'market' }), at('trailing')]).toEqual(['1', '9', '1', '2', '1', '4', '3', '9']);
  });

  it('give the tables’ type labels', () => {
    expect(orderTypeLabelKey({ planType: PLAN_TYPE.stopLimit, type: 'LIMIT', createType: 'liquidation' })).toBe('stopLimit_limit_liquidate');
    expect(orderTypeLabelKey({ planType: PLAN_TYPE.trailingStop, type: 'MARKET', createType: 'user' })).toBe('trailingStop');
    // An unknown plan type says only how it executes.
    expect(orderTypeLabelKey({ planType: 99 as never, type: 'LIMIT', createType: 'user' })).toBe('limit');
    for (const k of ORDER_KINDS) for (const p of k.planTypes) for (const t of ['LIMIT', 'MARKET'] as const) expect(typeof text(`orders.type.${orderTypeLabelKey({ planType: p, type: t, createType: 'user' })}`)).toBe('string');
  });
});
