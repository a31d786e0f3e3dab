// The order kinds (issue 31 item 7), in the form's order. A kind missing from ORDER_KIND fails the
// typecheck (it is keyed by OrderKind); an open order finds its kind by plan type.
import { PLAN_TYPE, type Order } from '../order-types.ts';
import type { OrderKind } from '../order-rules.ts';
import { CONDITIONAL } from './conditional.ts';
import { flavourOf, type OrderKindDef } from './kind.ts';
import { LIMIT } from './limit.ts';
import { MARKET } from './market.ts';
import { OCO } from './oco.ts';
import { STOP_LIMIT } from './stop-limit.ts';
import { TRAILING } from './trailing.ts';

export type { FormExtras, FormField, OpenOrderEdits, OrderKindDef } from './kind.ts';

const ORDER_KIND: Record<OrderKind, OrderKindDef> = { limit: LIMIT, market: MARKET, conditional: CONDITIONAL, stopLimit: STOP_LIMIT, oco: OCO, trailing: TRAILING };

/** Every kind, in the order the form lists them. */
export const ORDER_KINDS: readonly OrderKindDef[] = [LIMIT, MARKET, CONDITIONAL, STOP_LIMIT, OCO, TRAILING];

export function orderKind(kind: OrderKind): OrderKindDef {
  return ORDER_KIND[kind];
}

/** The kind an open order is of (plan type 0: limit or market by its type; an unknown plan type: conditional). */
export function kindOfOrder(o: Pick<Order, 'planType' | 'type'>): OrderKindDef {
  if (o.planType === PLAN_TYPE.none) return o.type === 'LIMIT' ? LIMIT : MARKET;
  return ORDER_KINDS.find((k) => (k.planTypes as readonly number[]).includes(o.planType)) ?? CONDITIONAL;
}

/**
 * Translation key (under orders.type.*) of an order's type label (section 3 "Order-type labels"):
 * the tables' type label of an open order: its kind's (an unknown plan type says only limit or
 * market), with `_liquidate` for a liquidation's order (createType CreateByLiq), never for an
 * order that merely borrows (isLeverage).
 */
export function orderTypeLabelKey(o: Pick<Order, 'type' | 'planType' | 'createType'>): string {
  const known = o.planType === PLAN_TYPE.none || ORDER_KINDS.some((k) => (k.planTypes as readonly number[]).includes(o.planType));
  const base = known ? kindOfOrder(o).typeLabel(o) : flavourOf(o);
  return o.createType === 'liquidation' ? `${base}_liquidate` : base;
}
