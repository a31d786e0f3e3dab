// A market order (spec 2, 5.3): by base quantity or by quote amount; a slippage limit where the
// trade preferences offer it (5.13, Bybit's Percent tolerance).
import { fx, fxMul } from '../decimal.ts';
import { checkAmountBounds, checkQty, msg, pos } from '../order-checks.ts';
import { PLAN_TYPE } from '../order-types.ts';
import type { RuleMessage } from '../order-rules.ts';
import { flavourOf, QTY_INPUT, type FormField, type OrderKindDef } from './kind.ts';

/** Bybit's Percent slippage tolerance: 0.01 to 10, at most 2 decimals ('' means none). */
function checkSlippage(v: string): RuleMessage | null {
  const s = v.trim();
  if (s === '') return null;
  const p = fx(s);
  const ok = /^\d+(\.\d{1,2})?$/.test(s) && p !== null && p >= fx('0.01')! && p <= fx('10')!;
  return ok ? null : msg('slippageRange', { min: '0.01', max: '10' }, 'slippage');
}

export const MARKET: OrderKindDef = {
  kind: 'market',
  labelKey: 'orderForm.kinds.market',
  group: 'ordinary',
  planTypes: [PLAN_TYPE.none],
  demo: true,
  guide: null,
  bookPrice: null,
  startsAtLast: false,
  fields: (d, extras) => {
    const out: FormField[] = [
      { type: 'choice', key: 'marketBy', labelKey: 'orderForm.marketBy', options: [{ value: 'qty', labelKey: 'orderForm.byQty' }, { value: 'amount', labelKey: 'orderForm.byAmount' }] },
      d.marketBy === 'qty' ? QTY_INPUT : { type: 'input', key: 'amount', labelKey: 'orderForm.amount', unit: 'quote', rules: 'amount' },
    ];
    if (extras.slippage) out.push({ type: 'input', key: 'slippage', labelKey: 'orderForm.slippage', unit: '%', rules: 'percent' });
    return out;
  },
  calcPrice: (_d, last) => last,
  cost: (d, lastPrice) => {
    const q = fx(d.qty);
    if (d.marketBy === 'amount') return d.side === 'Buy' ? fx(d.amount) : null;
    if (d.side === 'Sell') return q;
    const last = fx(lastPrice);
    return q !== null && last !== null ? fxMul(q, last) : null;
  },
  costField: (d) => (d.marketBy === 'amount' ? 'amount' : 'qty'),
  check: (d, l, ctx) => {
    let problem: RuleMessage | null;
    if (d.marketBy === 'amount') {
      const a = pos(d.amount);
      problem = a === null ? msg('amountRequired', undefined, 'amount') : (ctx.balance() ?? checkAmountBounds(a, l, 'amount'));
    } else problem = checkQty(d.qty, l);
    return problem ?? checkSlippage(d.slippage);
  },
  body: (d) => ({
    ...(d.marketBy === 'amount' ? { orderType: 'Market', marketUnit: 'quoteCoin', qty: d.amount } : { orderType: 'Market', marketUnit: 'baseCoin', qty: d.qty }),
    // The field's input keeps digits and one point only (numeric-input.ts): sent as typed.
    ...(d.slippage ? { slippageToleranceType: 'Percent', slippageTolerance: d.slippage } : {}),
  }),
  typeLabel: flavourOf,
  edits: () => ({ price: false, trigger: null, trailing: false, draggable: true }),
};
