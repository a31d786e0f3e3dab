import type { OrderGroup } from '../../core/order-groups.ts';

/** Spec 2.12 all-orders links by tab and sub-tab. */
const CURRENT: Record<OrderGroup, string> = {
  ordinary: '/user/assets/order/fed/spot-current-orders/active',
  stopLimit: '/user/assets/order/fed/spot-current-orders/stop-limit',
  conditional: '/user/assets/order/fed/spot-current-orders/conditional',
  oco: '/user/assets/order/fed/spot-current-orders/oco',
};
const HISTORY: Record<OrderGroup, string> = {
  ordinary: '/user/assets/order/fed/spot-orders/active',
  stopLimit: '/user/assets/order/fed/spot-orders/stop-limit',
  conditional: '/user/assets/order/fed/spot-orders/conditional',
  // Spec 2.12 lists no OCO history page; the ordinary one holds them.
  oco: '/user/assets/order/fed/spot-orders/active',
};
export const TRADES_LINK = '/user/assets/order/fed/spot-history/active';
export const PERFORMANCE_LINK = '/user/assets/home/performance?tab=spot';

export function allOrdersLink(tab: 'current' | 'history' | 'trades', group: OrderGroup): string {
  return tab === 'current' ? CURRENT[group] : tab === 'history' ? HISTORY[group] : TRADES_LINK;
}
