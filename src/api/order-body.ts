// The form's draft as a Bybit v5 /v5/order/create body. Amounts stay the strings the user typed
// (already truncated and snapped by the numeric-input rules), never re-encoded through floats.
// A module of its own: only the trading API (a logged-in user's) needs it, so the order lists'
// helpers in core/order-groups.ts do not bring it into the first load.
import type { OrderGroup } from '../core/order-groups.ts';
import type { OrderDraft } from '../core/order-rules.ts';
import type { CreateFilter } from '../protocol/bybit-v5/vocabulary.ts';

/** Which v5 orderFilter lists each orders-panel sub-tab. */
export const FILTER_OF_GROUP: Record<OrderGroup, CreateFilter> = {
  ordinary: 'Order',
  conditional: 'StopOrder',
  stopLimit: 'tpslOrder',
  oco: 'OcoOrder',
};

export function createOrderBody(d: OrderDraft, symbol: string, clientOrderId: string): Record<string, string> {
  const body: Record<string, string> = { category: 'spot', symbol, side: d.side, orderLinkId: clientOrderId };
  if (d.isLeverage) body.isLeverage = '1';
  switch (d.kind) {
    case 'limit':
      Object.assign(body, { orderType: 'Limit', price: d.price, qty: d.qty, timeInForce: d.postOnly ? 'PostOnly' : d.timeInForce });
      if (d.takeProfit) body.takeProfit = d.takeProfit;
      if (d.stopLoss) body.stopLoss = d.stopLoss;
      break;
    case 'market':
      Object.assign(body, d.marketBy === 'amount' ? { orderType: 'Market', marketUnit: 'quoteCoin', qty: d.amount } : { orderType: 'Market', marketUnit: 'baseCoin', qty: d.qty });
      // The field's input keeps digits and one point only (numeric-input.ts): sent as typed.
      if (d.slippage) Object.assign(body, { slippageToleranceType: 'Percent', slippageTolerance: d.slippage });
      break;
    case 'conditional':
      Object.assign(body, { orderFilter: FILTER_OF_GROUP.conditional, triggerPrice: d.triggerPrice, qty: d.qty });
      Object.assign(body, d.execType === 'limit' ? { orderType: 'Limit', price: d.price } : { orderType: 'Market', marketUnit: 'baseCoin' });
      break;
    case 'stopLimit':
      Object.assign(body, { orderFilter: FILTER_OF_GROUP.stopLimit, triggerPrice: d.triggerPrice, orderType: 'Limit', price: d.price, qty: d.qty });
      break;
    case 'oco':
      Object.assign(body, { orderFilter: FILTER_OF_GROUP.oco, orderType: 'Limit', qty: d.qty, takeProfit: d.tpTrigger, stopLoss: d.slTrigger });
      body.tpOrderType = d.tpType === 'limit' ? 'Limit' : 'Market';
      body.slOrderType = d.slType === 'limit' ? 'Limit' : 'Market';
      if (d.tpType === 'limit') body.tpLimitPrice = d.tpPrice;
      if (d.slType === 'limit') body.slLimitPrice = d.slPrice;
      break;
    case 'trailing':
      Object.assign(body, { orderFilter: FILTER_OF_GROUP.conditional, orderType: 'Market', marketUnit: 'baseCoin', qty: d.qty });
      if (d.trailingBy === 'percent') body.trailingPercentage = d.trailingValue;
      else body.trailingValue = d.trailingValue;
      // The activation price is the trigger of a trailing stop; without one it trails at once.
      if (d.activationPrice) body.triggerPrice = d.activationPrice;
      break;
  }
  return body;
}
