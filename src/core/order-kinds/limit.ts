// A limit order (spec 2, 5.3): a price and a quantity; time in force or post only, and TP/SL on
// entry, where the trade preferences offer them (5.13).
import { fx, fxMul } from '../decimal.ts';
import { checkAmountBounds, checkLimitPrice, checkQty } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import { flavourOf, PRICE_INPUT, QTY_INPUT, type FormField, type OrderKindDef } from './kind.ts';

export const LIMIT: OrderKindDef = {
  kind: 'limit',
  labelKey: 'orderForm.kinds.limit',
  group: 'ordinary',
  planTypes: [PLAN_TYPE.none],
  demo: true,
  guide: null,
  bookPrice: 'price',
  startsAtLast: true,
  fields: (d, extras) => {
    const out: FormField[] = [PRICE_INPUT('price', 'orderForm.price'), QTY_INPUT];
    if (extras.timeInForce && !d.postOnly)
      out.push({ type: 'choice', key: 'timeInForce', labelKey: 'orderForm.timeInForce', options: [{ value: 'GTC', text: 'GTC' }, { value: 'IOC', text: 'IOC' }, { value: 'FOK', text: 'FOK' }] });
    if (extras.postOnly) out.push({ type: 'check', key: 'postOnly', labelKey: 'orderForm.postOnly' });
    if (extras.tpsl) out.push({ type: 'group', labelKey: 'orderForm.tpslOnEntry', fields: [PRICE_INPUT('takeProfit', 'orderForm.takeProfit'), PRICE_INPUT('stopLoss', 'orderForm.stopLoss')] });
    return out;
  },
  calcPrice: (d) => d.price,
  check: (d, l, ctx) => checkLimitPrice(d.price, l) ?? checkQty(d.qty, l) ?? ctx.balance() ?? checkAmountBounds(fxMul(fx(d.price)!, fx(d.qty)!), l, 'qty'),
  body: (d) => ({
    orderType: 'Limit', price: d.price, qty: d.qty, timeInForce: d.postOnly ? 'PostOnly' : d.timeInForce,
    ...(d.takeProfit ? { takeProfit: d.takeProfit } : {}), ...(d.stopLoss ? { stopLoss: d.stopLoss } : {}),
  }),
  typeLabel: flavourOf,
  edits: (o) => ({ price: o.type === 'LIMIT', trigger: null, trailing: false, draggable: true }),
};
