// Actions for what the orders panel shows (its tab and group, the pairs, the history range): the
// panel calls these instead of writing the signals of orders.ts. The trading session (state/
// trading-session.ts) reloads what a change needs.
import type { OrderGroup } from '../../core/order-groups.ts';
import type { TradeOrigin } from '../../core/trade-origin.ts';
import { historyDays, loadMoreHistory, loadMoreTrades, panelView, showAllPairs, tradeOrigin, type HistoryDays, type PanelTab } from './orders.ts';
import { tradingApi } from './trading.ts';

/** The list the panel shows: a tab (open orders, history, trades) and, for orders, a group. */
export function showOrdersView(tab: PanelTab, group: OrderGroup): void {
  panelView.value = { tab, group };
}

/** All pairs (true) or only the page's pair (false). */
export function setShowAllPairs(all: boolean): void {
  showAllPairs.value = all;
}

/** How many days back history and trades go. */
export function setHistoryDays(days: HistoryDays): void {
  historyDays.value = days;
}

/** The special-trade-origin filter of the tables (spec 3): all, ordinary or block trade. */
export function setTradeOrigin(origin: TradeOrigin): void {
  tradeOrigin.value = origin;
}

/** The table of the order history reached its end: its next page, if any. */
export function showMoreHistory(): void {
  const api = tradingApi.peek();
  if (api) void loadMoreHistory(api);
}

/** The table of the trade history reached its end: its next page, if any. */
export function showMoreTrades(): void {
  const api = tradingApi.peek();
  if (api) void loadMoreTrades(api);
}
