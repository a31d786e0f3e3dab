// What one trading action says when the exchange has answered (issue 15 item 1): one message, from
// the order as the exchange pushed or listed it, never from the request alone. Pure: the state
// layer shows what this returns as a toast.
import { fx, fxPlain, isPositiveDecimal } from './decimal.ts';
import { formatPrice, formatQuantity, groupThousands } from './format.ts';
import type { Order } from './order-types.ts';

/** The pair's names and display precisions. */
export interface OutcomeSymbol {
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
}

export interface OutcomeMessage {
  kind: 'success' | 'error' | 'info';
  /** Key under `outcome.` in the translations. */
  key: string;
  params: Record<string, string>;
  /** Params that are translation keys themselves (the side, a known reject reason). */
  tParams: Record<string, string>;
}

/** Reject and cancel reasons the exchange gives that the page has words for (`rejectReason.*`). */
export const KNOWN_REASONS: ReadonlySet<string> = new Set([
  'EC_MarketClosed', 'EC_InsufficientBalance', 'EC_PostOnlyWillTakeLiquidity', 'EC_FOKCanNotFullyFilled',
  'EC_NoImmediateQtyToFill', 'EC_CancelForNoFullFill', 'EC_InvalidPrice', 'EC_InvalidQty', 'EC_OrderTooLarge',
  'EC_DuplicateOrderId',
]);

/** A quantity as the exchange gave it (no padding zeros: "0.01 ETH", not "0.01000 ETH"), grouped. */
const qtyText = (s: string, sym: OutcomeSymbol) => {
  const q = formatQuantity(s, sym.quantityPrecision);
  return groupThousands(q.includes('.') ? q.replace(/\.?0+$/, '') : q);
};
const priceText = (s: string, sym: OutcomeSymbol) => formatPrice(s, sym.pricePrecision, true);
const pairOf = (sym: OutcomeSymbol) => (sym.quote ? `${sym.base}/${sym.quote}` : sym.base);

/** The common params: side, pair, quantity (with its unit) and, where the order has one, price. */
function describe(o: Order, sym: OutcomeSymbol): Pick<OutcomeMessage, 'params' | 'tParams'> {
  const byQuote = o.type === 'MARKET' && o.marketUnit === 'quoteCoin';
  const params: Record<string, string> = {
    pair: pairOf(sym),
    qty: byQuote ? `${groupThousands(o.origQty)} ${sym.quote}` : `${qtyText(o.origQty, sym)} ${sym.base}`,
    price: isPositiveDecimal(o.price) ? `${priceText(o.price, sym)} ${sym.quote}` : '',
    filled: `${qtyText(o.executedQty, sym)} ${sym.base}`,
    avg: isPositiveDecimal(o.avgPrice) ? `${priceText(o.avgPrice, sym)} ${sym.quote}` : '',
    reason: '',
  };
  return { params, tParams: { side: o.side === 'Buy' ? 'orderForm.buy' : 'orderForm.sell' } };
}

function withReason(m: Pick<OutcomeMessage, 'params' | 'tParams'>, reason: string): Pick<OutcomeMessage, 'params' | 'tParams'> {
  if (KNOWN_REASONS.has(reason)) return { params: m.params, tParams: { ...m.tParams, reason: `rejectReason.${reason}` } };
  return { params: { ...m.params, reason: reason || '—' }, tParams: m.tParams };
}

/** A placed order's outcome; `o` undefined when neither a push nor the lists know the order yet. */
export function placeOutcome(o: Order | undefined, sym: OutcomeSymbol, fallback: { side: Order['side'] }): OutcomeMessage {
  if (!o) {
    return {
      kind: 'info', key: 'unconfirmed', params: { pair: pairOf(sym) },
      tParams: { side: fallback.side === 'Buy' ? 'orderForm.buy' : 'orderForm.sell' },
    };
  }
  const d = describe(o, sym);
  switch (o.status) {
    case 'FILLED':
    case 'ORDER_FILLED':
      return { kind: 'success', key: d.params.avg ? 'filled' : 'filledNoAvg', ...d };
    case 'PARTIALLY_FILLED_CANCELED':
      return { kind: 'success', key: 'partiallyFilled', ...withReason(d, o.rejectReason || o.cancelType) };
    case 'CANCELED':
    case 'ORDER_CANCELED':
      return { kind: 'info', key: 'cancelledUnfilled', ...withReason(d, o.rejectReason || o.cancelType) };
    case 'REJECTED':
    case 'ORDER_REJECTED':
      // Spec 4.7: a market order failing when closing a position says 'market order fail'.
      if (o.type === 'MARKET' && o.closing) return { kind: 'error', key: 'marketOrderFail', ...d };
      return { kind: 'error', key: 'rejected', ...withReason(d, o.rejectReason) };
    case 'PARTIALLY_FILLED':
      return { kind: 'success', key: d.params.price ? 'placedPartly' : 'placedPartlyNoPrice', ...d };
    default:
      return { kind: 'success', key: d.params.price ? 'placed' : 'placedNoPrice', ...d };
  }
}

/** An amended order's outcome: the order as it now stands. */
export function amendOutcome(o: Order | undefined, sym: OutcomeSymbol): OutcomeMessage {
  if (!o) return { kind: 'info', key: 'amendUnconfirmed', params: { pair: pairOf(sym) }, tParams: {} };
  const d = describe(o, sym);
  if (o.status === 'FILLED' || o.status === 'ORDER_FILLED') return { kind: 'success', key: d.params.avg ? 'filled' : 'filledNoAvg', ...d };
  return { kind: 'success', key: d.params.price ? 'amended' : 'amendedNoPrice', ...d };
}

/** A cancelled order's outcome; a fill that beat the cancel is said as a fill. */
export function cancelOutcome(o: Order, pushed: Order | undefined, sym: OutcomeSymbol): OutcomeMessage {
  const now = pushed ?? o;
  const d = describe(now, sym);
  if (now.status === 'FILLED' || now.status === 'ORDER_FILLED') return { kind: 'success', key: d.params.avg ? 'filled' : 'filledNoAvg', ...d };
  // Partly filled before the cancel: only the rest was cancelled (issue 32's walkthrough: a 0.1 BTC
  // order with 0.061008 filled was toasted "Cancel success: Buy 0.1 BTC").
  const filled = fx(now.executedQty) ?? 0n;
  const orig = fx(now.origQty) ?? 0n;
  const byQuote = now.type === 'MARKET' && now.marketUnit === 'quoteCoin';
  if (filled > 0n && filled < orig && !byQuote) {
    return { kind: 'success', key: 'cancelledRest', params: { ...d.params, left: `${qtyText(fxPlain(orig - filled), sym)} ${sym.base}` }, tParams: d.tParams };
  }
  return { kind: 'success', key: d.params.price ? 'cancelled' : 'cancelledNoPrice', ...d };
}

/** Whether a pushed version of a just-placed order says how it ended up (a market order: its final state). */
export function answersPlace(o: Order): boolean {
  const open = o.status === 'NEW' || o.status === 'PARTIALLY_FILLED' || o.status === 'PENDING_NEW' || o.status === 'UNKNOWN';
  return !(open && o.type === 'MARKET' && o.planType === 0);
}

/** Whether a pushed version of an order being cancelled is its end (cancelled, or filled first). */
export function answersCancel(o: Order): boolean {
  return !['NEW', 'PARTIALLY_FILLED', 'PENDING_NEW', 'PENDING_CANCEL', 'ORDER_NEW', 'UNKNOWN'].includes(o.status);
}
