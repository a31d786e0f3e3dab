// Order groups (the orders panel's sub-tabs; each one's v5 orderFilter is the API's, api/order-body.ts;
// a new order's is its kind's, core/order-kinds/) and client order ids: pure rules, used by the
// state's actions and lists and by the tables.
import { PLAN_TYPE, type PlanType } from './order-types.ts';

export type OrderGroup = 'ordinary' | 'conditional' | 'stopLimit' | 'oco';

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

/** A client order id (orderLinkId): 1–36 of [A-Za-z0-9_-], unique per attempt, reused on retries. */
export function newClientOrderId(random: () => number = Math.random, now = Date.now()): string {
  const r = Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0');
  return `web-${now.toString(36)}-${r}`;
}
