// Order groups (the orders panel's sub-tabs and their v5 orderFilter), and client order ids. The
// create body itself is in order-body.ts.
import type { OrderDraft } from '../core/order-rules.ts';
import { PLAN_TYPE, type PlanType } from '../core/order-types.ts';
import type { CreateFilter } from '../protocol/bybit-v5/vocabulary.ts';

export type OrderGroup = 'ordinary' | 'conditional' | 'stopLimit' | 'oco';

/** Which v5 orderFilter lists each orders-panel sub-tab. */
export const FILTER_OF_GROUP: Record<OrderGroup, CreateFilter> = {
  ordinary: 'Order',
  conditional: 'StopOrder',
  stopLimit: 'tpslOrder',
  oco: 'OcoOrder',
};

export function groupOfPlan(planType: PlanType): OrderGroup {
  switch (planType) {
    case PLAN_TYPE.none:
      return 'ordinary';
    case PLAN_TYPE.oco:
      return 'oco';
    case PLAN_TYPE.stopLimit:
    case PLAN_TYPE.tpsl:
      return 'stopLimit';
    default:
      return 'conditional';
  }
}

/** The open-order list a new order of this draft appears in. */
export function groupOfDraft(d: OrderDraft): OrderGroup {
  switch (d.kind) {
    case 'conditional':
    case 'trailing':
      return 'conditional';
    case 'stopLimit':
      return 'stopLimit';
    case 'oco':
      return 'oco';
    default:
      return 'ordinary';
  }
}

/** A client order id (orderLinkId): 1–36 of [A-Za-z0-9_-], unique per attempt, reused on retries. */
export function newClientOrderId(random: () => number = Math.random, now = Date.now()): string {
  const r = Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0');
  return `web-${now.toString(36)}-${r}`;
}
