// The form's draft as a Bybit v5 /v5/order/create body. Amounts stay the strings the user typed
// (already truncated and snapped by the numeric-input rules), never re-encoded through floats.
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

export function createOrderBody(d: OrderDraft, symbol: string, clientOrderId: string): Record<string, string> {
  const body: Record<string, string> = { category: 'spot', symbol, side: d.side, orderLinkId: clientOrderId };
  switch (d.kind) {
    case 'limit':
      Object.assign(body, { orderType: 'Limit', price: d.price, qty: d.qty, timeInForce: d.postOnly ? 'PostOnly' : d.timeInForce });
      if (d.takeProfit) body.takeProfit = d.takeProfit;
      if (d.stopLoss) body.stopLoss = d.stopLoss;
      break;
    case 'market':
      Object.assign(body, d.marketBy === 'amount' ? { orderType: 'Market', marketUnit: 'quoteCoin', qty: d.amount } : { orderType: 'Market', marketUnit: 'baseCoin', qty: d.qty });
      if (d.slippage.trim() !== '') Object.assign(body, { slippageToleranceType: 'Percent', slippageTolerance: d.slippage.trim() });
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
