// A one-cancels-the-other order (spec 2, 5.3): a take-profit leg and a stop-loss leg, each a
// trigger executing as a limit (price within 90–110 % of its trigger) or a market order. Bybit's
// demo trading lacks it (spec 6). Its lines on the chart only show (no drag, spec 4.11).
import { decimalPlaces, fx, fxPercent, fxText } from '../decimal.ts';
import { checkQty, checkTrigger, msg, pos, PRICE_BAND_HIGH_PCT, PRICE_BAND_LOW_PCT } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import type { OrderDraft, RuleMessage, SymbolLimits } from '../order-rules.ts';
import { EXEC_CHOICE, PRICE_INPUT, QTY_INPUT, type OrderKindDef } from './kind.ts';

function checkOco(d: OrderDraft, l: SymbolLimits, last: bigint | null): RuleMessage | null {
  const tpMissing = checkTrigger(d.tpTrigger, l, 'ocoTpTriggerRequired', 'tpTrigger');
  if (tpMissing) return tpMissing;
  const slMissing = checkTrigger(d.slTrigger, l, 'ocoSlTriggerRequired', 'slTrigger');
  if (slMissing) return slMissing;
  if (d.tpType === 'limit' && pos(d.tpPrice) === null) return msg('ocoTpPriceRequired', undefined, 'tpPrice');
  if (d.slType === 'limit' && pos(d.slPrice) === null) return msg('ocoSlPriceRequired', undefined, 'slPrice');
  const tp = fx(d.tpTrigger)!;
  const sl = fx(d.slTrigger)!;
  if (last !== null) {
    if (d.side === 'Sell') {
      if (tp < last) return msg('ocoNeedHighTpTriggerPrice', undefined, 'tpTrigger');
      if (sl > last) return msg('ocoNeedLowSlTriggerPrice', undefined, 'slTrigger');
    } else {
      if (tp > last) return msg('ocoNeedLowTpTriggerPrice', undefined, 'tpTrigger');
      if (sl < last) return msg('ocoNeedHighSlTriggerPrice', undefined, 'slTrigger');
    }
  }
  const dp = decimalPlaces(l.tickSize);
  for (const [trigger, price, type, field] of [[tp, d.tpPrice, d.tpType, 'tpPrice'], [sl, d.slPrice, d.slType, 'slPrice']] as const) {
    if (type !== 'limit') continue;
    const p = fx(price)!;
    const low = fxPercent(trigger, fx(PRICE_BAND_LOW_PCT)!);
    const high = fxPercent(trigger, fx(PRICE_BAND_HIGH_PCT)!);
    if (p < low || p > high) return msg('ocoPriceBand', { min: fxText(low, dp, 'up'), max: fxText(high, dp, 'down') }, field);
  }
  return checkQty(d.qty, l);
}

export const OCO: OrderKindDef = {
  kind: 'oco',
  labelKey: 'orderForm.kinds.oco',
  group: 'oco',
  planTypes: [PLAN_TYPE.oco],
  demo: false,
  guide: 'oco',
  bookPrice: 'tpTrigger',
  startsAtLast: false,
  fields: (d) => [
    PRICE_INPUT('tpTrigger', 'orderForm.tpTrigger'),
    EXEC_CHOICE('tpType', 'orderForm.tpType'),
    ...(d.tpType === 'limit' ? [PRICE_INPUT('tpPrice', 'orderForm.tpPrice')] : []),
    PRICE_INPUT('slTrigger', 'orderForm.slTrigger'),
    EXEC_CHOICE('slType', 'orderForm.slType'),
    ...(d.slType === 'limit' ? [PRICE_INPUT('slPrice', 'orderForm.slPrice')] : []),
    QTY_INPUT,
  ],
  calcPrice: (d) => (d.tpType === 'limit' ? d.tpPrice : d.tpTrigger),
  check: (d, l, ctx) => checkOco(d, l, ctx.last),
  body: (d) => ({
    orderType: 'Limit', qty: d.qty, takeProfit: d.tpTrigger, stopLoss: d.slTrigger,
    tpOrderType: d.tpType === 'limit' ? 'Limit' : 'Market', slOrderType: d.slType === 'limit' ? 'Limit' : 'Market',
    ...(d.tpType === 'limit' ? { tpLimitPrice: d.tpPrice } : {}), ...(d.slType === 'limit' ? { slLimitPrice: d.slPrice } : {}),
  }),
  typeLabel: () => 'oco',
  edits: () => ({ price: false, trigger: null, trailing: false, draggable: false }),
};
