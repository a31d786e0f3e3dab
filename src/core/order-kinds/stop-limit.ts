// A stop-limit order (spec 2, 5.3): a trigger and the limit order it places (price within 90–110 %
// of the trigger). TP/SL orders (plan type 11) list and edit the same way.
import { checkTriggered } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import { flavourOf, PRICE_INPUT, QTY_INPUT, type OrderKindDef } from './kind.ts';

export const STOP_LIMIT: OrderKindDef = {
  kind: 'stopLimit',
  labelKey: 'orderForm.kinds.stopLimit',
  group: 'stopLimit',
  planTypes: [PLAN_TYPE.stopLimit, PLAN_TYPE.tpsl],
  demo: true,
  guide: null,
  bookPrice: 'price',
  startsAtLast: true,
  fields: () => [PRICE_INPUT('triggerPrice', 'orderForm.triggerPrice'), PRICE_INPUT('price', 'orderForm.price'), QTY_INPUT],
  calcPrice: (d) => d.price,
  check: (d, l, ctx) => checkTriggered(d, l, ctx.balance, true),
  body: (d) => ({ triggerPrice: d.triggerPrice, orderType: 'Limit', price: d.price, qty: d.qty }),
  typeLabel: (o) => `stopLimit_${flavourOf(o)}`,
  edits: (o) => ({ price: o.type === 'LIMIT', trigger: 'trigger', trailing: false, draggable: true }),
};
