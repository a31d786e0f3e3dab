import { useEffect, useState } from 'react';
import { settleNumeric } from '../../core/numeric-input.ts';
import { orderKind } from '../../core/order-kinds/index.ts';
import { EMPTY_DRAFT, type OrderDraft, type OrderKind } from '../../core/order-rules.ts';
import type { Side } from '../../core/order-types.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { nudgePrice, qtyForValue } from '../../core/hotkeys.ts';
import { selectedPrice } from '../../state/market/book-view.ts';
import { formCommand, type FormCommand } from '../../state/trading/hotkey-settings.ts';
import { effect } from '../../state/signals.ts';

export type DraftSetter = <K extends keyof OrderDraft>(key: K, value: OrderDraft[K]) => void;

/**
 * The form's draft for one symbol: starts at the last price, takes the price a click on the order
 * book chose (snapped to the tick), and starts over when the pair changes.
 */
export function useOrderDraft(symbol: SpotSymbol, lastPrice: string | null, initialSide: Side = 'Buy'): { draft: OrderDraft; set: DraftSetter; reset: (side: Side, kind: OrderKind) => void } {
  const [draft, setDraft] = useState<OrderDraft>(() => ({ ...EMPTY_DRAFT, side: initialSide }));
  const set: DraftSetter = (key, value) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    setDraft((d) => ({ ...EMPTY_DRAFT, side: d.side, kind: d.kind }));
  }, [symbol.symbolId]);

  useEffect(() => {
    const into = orderKind(draft.kind);
    if (lastPrice && into.startsAtLast && into.bookPrice && draft[into.bookPrice] === '') set(into.bookPrice, settleNumeric(lastPrice, { precision: symbol.pricePrecision, tick: symbol.tickSize }));
    // Only fills an empty price; typing is never overwritten by the ticker.
  }, [lastPrice === null, draft.kind, symbol.symbolId]);

  useEffect(() => {
    let first = true;
    return effect(() => {
      const sel = selectedPrice.value;
      // The price chosen before this form mounted belongs to an earlier visit.
      if (first || !sel) {
        first = false;
        return;
      }
      const price = settleNumeric(sel.price, { precision: symbol.pricePrecision, tick: symbol.tickSize });
      // Into the field the kind's definition names (a limit price, an OCO's take-profit trigger…).
      setDraft((d) => {
        const into = orderKind(d.kind).bookPrice;
        return into ? { ...d, [into]: price } : d;
      });
    });
  }, [symbol.pricePrecision, symbol.tickSize]);

  // The hotkeys that change the form (issue 35): nudge its price a tick, flip its side, size it.
  useEffect(() => {
    const at = formCommand.peek()?.seq ?? 0;
    return effect(() => {
      const c = formCommand.value;
      if (!c || c.seq <= at) return;
      setDraft((d) => applyCommand(d, c.cmd, symbol, lastPrice));
    });
  }, [symbol, lastPrice]);

  const reset = (side: Side, kind: OrderKind) => setDraft((d) => ({ ...d, side, kind }));
  return { draft, set, reset };
}

/** What a hotkey's command makes of the draft (the kind's book price field is the one nudged and sized by). */
function applyCommand(d: OrderDraft, cmd: FormCommand, symbol: SpotSymbol, lastPrice: string | null): OrderDraft {
  if (cmd.type === 'flip') return { ...d, side: d.side === 'Buy' ? 'Sell' : 'Buy' };
  const field = orderKind(d.kind).bookPrice;
  const price = field ? d[field] || (lastPrice ?? '') : (lastPrice ?? '');
  if (cmd.type === 'nudge') {
    if (!field || price === '') return d;
    const next = nudgePrice(price, symbol.tickSize, cmd.ticks);
    return next ? { ...d, [field]: settleNumeric(next, { precision: symbol.pricePrecision, tick: symbol.tickSize }) } : d;
  }
  // A market order by value takes the value itself; others the quantity it buys at the form's price.
  if (d.kind === 'market' && d.marketBy === 'amount') return { ...d, amount: cmd.value };
  const qty = price === '' ? null : qtyForValue(cmd.value, price, symbol.lotSize);
  return qty ? { ...d, qty } : d;
}
