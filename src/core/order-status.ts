// Spec 4.6 (unified-account statuses), section 3 (icon groups, type labels) and 4.8 (list rules).
import { PLAN_TYPE, type Order, type OrderStatus, type PlanType } from './order-types.ts';

const PLAN_TYPES: ReadonlySet<number> = new Set([
  PLAN_TYPE.conditional,
  PLAN_TYPE.stopLimit,
  PLAN_TYPE.oco,
  PLAN_TYPE.tpsl,
  PLAN_TYPE.trailingStop,
  PLAN_TYPE.trailingProfit,
]);

export const isPlanType = (planType: number): boolean => PLAN_TYPES.has(planType);

/** Spec 4.6: a unified-account payload status onto the page's vocabulary. */
export function mapUtaStatus(status: string, planType: PlanType | number): OrderStatus {
  const plan = isPlanType(planType);
  switch (status) {
    case 'Filled':
      return 'FILLED';
    case 'PartiallyFilledCanceled':
      return 'PARTIALLY_FILLED_CANCELED';
    case 'PartiallyFilled':
      return 'PARTIALLY_FILLED';
    case 'Deactivated':
      return 'ORDER_CANCELED';
    case 'Cancelled':
      return plan ? 'ORDER_CANCELED' : 'CANCELED';
    case 'Triggered':
      return 'ORDER_FILLED';
    case 'Rejected':
      return plan ? 'ORDER_REJECTED' : 'REJECTED';
    case 'Untriggered':
      return 'ORDER_NEW';
    case 'New':
      return 'NEW';
    default:
      return 'UNKNOWN';
  }
}

export type StatusGroup = 'pending' | 'filled' | 'canceled' | 'failure';

const GROUPS: Record<OrderStatus, StatusGroup> = {
  UNKNOWN: 'pending',
  NEW: 'pending',
  PENDING_NEW: 'pending',
  PENDING_CANCEL: 'pending',
  ORDER_NEW: 'pending',
  ORDER_FILLED: 'filled',
  PARTIALLY_FILLED: 'filled',
  PARTIALLY_FILLED_CANCELED: 'filled',
  FILLED: 'filled',
  ORDER_CANCELED: 'canceled',
  CANCELED: 'canceled',
  ORDER_REJECTED: 'failure',
  REJECTED: 'failure',
};

/** The status icon group of section 3. */
export const statusGroup = (status: OrderStatus): StatusGroup => GROUPS[status];

const ICONS: Record<StatusGroup, string> = { pending: '◷', filled: '✓', canceled: '⊘', failure: '✕' };
/**
 * Section 3 puts the partial statuses in the filled group (its colour), but a tick says "done": a
 * partly filled order carries a half-filled mark instead (issue 32: a walkthrough read "✓
 * Partially filled" as filled).
 */
const PARTIAL_ICON = '◐';

/** The mark shown before a status: its group's icon, or the half-filled mark for the partial statuses. */
export const statusIcon = (status: OrderStatus): string =>
  status === 'PARTIALLY_FILLED' || status === 'PARTIALLY_FILLED_CANCELED' ? PARTIAL_ICON : ICONS[GROUPS[status]];

export type ListAction = 'add' | 'replace' | 'remove' | 'ignore';

/** Spec 4.8: what an update of this status does to the open-order list. */
export function openListAction(status: OrderStatus, planType: PlanType | number): ListAction {
  if (isPlanType(planType)) {
    if (status === 'ORDER_NEW') return 'add';
    if (status === 'ORDER_FILLED' || status === 'ORDER_CANCELED' || status === 'ORDER_REJECTED') return 'remove';
    return 'ignore';
  }
  switch (status) {
    case 'NEW':
      return 'add';
    case 'PARTIALLY_FILLED':
      return 'replace';
    case 'PARTIALLY_FILLED_CANCELED':
    case 'FILLED':
    case 'CANCELED':
    case 'REJECTED':
      return 'remove';
    default:
      return 'ignore';
  }
}

/**
 * Applies one update to an open-order list (newest first) per 4.8. Adding an order already in the
 * list replaces it, so a push arriving after the REST answer never doubles a row.
 */
export function applyOpenOrderUpdate(list: readonly Order[], o: Order): readonly Order[] {
  const action = openListAction(o.status, o.planType);
  const i = list.findIndex((x) => x.orderId === o.orderId);
  if (action === 'remove') return i < 0 ? list : list.filter((_, k) => k !== i);
  if (action === 'add' || action === 'replace') {
    if (i >= 0) return list.map((x, k) => (k === i ? o : x));
    return [o, ...list];
  }
  return list;
}

/** Translation key (under orders.type.*) of a fill's wire order type ('Limit', 'Market'); 'unknown' for any other. */
export function executionTypeLabelKey(orderType: string): 'limit' | 'market' | 'unknown' {
  const t = orderType.toLowerCase();
  return t === 'limit' ? 'limit' : t === 'market' ? 'market' : 'unknown';
}
