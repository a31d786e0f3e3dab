// A conditional order (spec 2, 5.3): a trigger, then a limit order (price within 90–110 % of the
// trigger) or a market order.
import { checkTriggered } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import { EXEC_CHOICE, flavourOf, PRICE_INPUT, QTY_INPUT, type OrderKindDef } from './kind.ts';

export const CONDITIONAL: OrderKindDef = {
  kind: 'conditional',
  labelKey: 'orderForm.kinds.conditional',
  group: 'conditional',
  planTypes: [PLAN_TYPE.conditional],
  demo: true,
  guide: null,
  bookPrice: 'price',
  startsAtLast: true,
  fields: (d) => [
    PRICE_INPUT('triggerPrice', 'orderForm.triggerPrice'),
    EXEC_CHOICE('execType', 'orderForm.execType'),
    ...(d.execType === 'limit' ? [PRICE_INPUT('price', 'orderForm.price')] : []),
    QTY_INPUT,
  ],
  calcPrice: (d) => (d.execType === 'limit' ? d.price : d.triggerPrice),
  check: (d, l, ctx) => checkTriggered(d, l, ctx.balance, d.execType === 'limit'),
  body: (d) => ({
    triggerPrice: d.triggerPrice, qty: d.qty,
    ...(d.execType === 'limit' ? { orderType: 'Limit', price: d.price } : { orderType: 'Market', marketUnit: 'baseCoin' }),
  }),
  typeLabel: (o) => `conditional_${flavourOf(o)}`,
  edits: (o) => ({ price: o.type === 'LIMIT', trigger: 'trigger', trailing: false, draggable: true }),
};
