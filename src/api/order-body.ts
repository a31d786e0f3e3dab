// The form's draft as a Bybit v5 /v5/order/create body. Amounts stay the strings the user typed
// (already truncated and snapped by the numeric-input rules), never re-encoded through floats.
// Each kind's fields are its definition's (core/order-kinds/).
// A module of its own: only the trading API (a logged-in user's) needs it, so the order lists'
// helpers in core/order-groups.ts do not bring it into the first load.
import type { OrderGroup } from '../core/order-groups.ts';
import { orderKind } from '../core/order-kinds/index.ts';
import type { OrderDraft } from '../core/order-rules.ts';
import type { CreateFilter } from '../protocol/bybit-v5/vocabulary.ts';

/** Which v5 orderFilter lists each orders-panel sub-tab. */
export const FILTER_OF_GROUP: Record<OrderGroup, CreateFilter> = {
  ordinary: 'Order',
  conditional: 'StopOrder',
  stopLimit: 'tpslOrder',
  oco: 'OcoOrder',
};

/** The create body: what every order carries, then its kind's own fields (core/order-kinds/). */
export function createOrderBody(d: OrderDraft, symbol: string, clientOrderId: string): Record<string, string> {
  const body: Record<string, string> = { category: 'spot', symbol, side: d.side, orderLinkId: clientOrderId };
  if (d.isLeverage) body.isLeverage = '1';
  // A close says so (Bybit's reduceOnly / closeOnTrigger): it never borrows, and its failure is "market order fail" (spec 4.7).
  if (d.closing) Object.assign(body, { reduceOnly: 'true', closeOnTrigger: 'true' });
  const kind = orderKind(d.kind);
  // An ordinary order names no list; the others the v5 orderFilter of theirs.
  if (kind.group !== 'ordinary') body.orderFilter = FILTER_OF_GROUP[kind.group];
  return Object.assign(body, kind.body(d));
}
