// A trailing stop (spec 2, 5.3, 5.5): a market order that follows the price by a rate or a
// distance, from an activation price or at once. Editing it changes the trailing value or rate and
// the activation price; its lines on the chart only show.
import { fx } from '../decimal.ts';
import { checkQty, msg, pos, withUnit } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import { PRICE_INPUT, QTY_INPUT, type OrderKindDef } from './kind.ts';

export const TRAILING: OrderKindDef = {
  kind: 'trailing',
  labelKey: 'orderForm.kinds.trailing',
  group: 'conditional',
  planTypes: [PLAN_TYPE.trailingStop, PLAN_TYPE.trailingProfit],
  demo: true,
  guide: 'trailing',
  bookPrice: 'activationPrice',
  startsAtLast: false,
  fields: (d) => [
    { type: 'choice', key: 'trailingBy', labelKey: 'orderForm.trailingBy', options: [{ value: 'percent', labelKey: 'orderForm.trailingPercent' }, { value: 'value', labelKey: 'orderForm.trailingDistance' }] },
    d.trailingBy === 'percent'
      ? { type: 'input', key: 'trailingValue', labelKey: 'orderForm.trailingPercent', unit: '%', rules: 'percent' }
      : { type: 'input', key: 'trailingValue', labelKey: 'orderForm.trailingDistance', unit: 'quote', rules: 'price' },
    PRICE_INPUT('activationPrice', 'orderForm.activationPrice'),
    QTY_INPUT,
  ],
  calcPrice: (_d, last) => last,
  check: (d, l) => {
    if (pos(d.trailingValue) === null) return msg('trailingValueRequired', undefined, 'trailingValue');
    if (d.trailingBy === 'percent' && fx(d.trailingValue)! >= fx('100')!) return msg('trailingPercentRange', undefined, 'trailingValue');
    if (d.activationPrice !== '' && pos(d.activationPrice) === null) return msg('minTrigger', { min: withUnit(l.tickSize, l.quote) }, 'activationPrice');
    return checkQty(d.qty, l);
  },
  body: (d) => ({
    orderType: 'Market', marketUnit: 'baseCoin', qty: d.qty,
    ...(d.trailingBy === 'percent' ? { trailingPercentage: d.trailingValue } : { trailingValue: d.trailingValue }),
    // The activation price is the trigger of a trailing stop; without one it trails at once.
    ...(d.activationPrice ? { triggerPrice: d.activationPrice } : {}),
  }),
  typeLabel: () => 'trailingStop',
  edits: () => ({ price: false, trigger: 'activation', trailing: true, draggable: false }),
};
