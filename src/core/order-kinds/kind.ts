// What an order kind is, in one object (issue 31 item 7; lightweight-charts' series definitions,
// dYdX's trade-form fields): its form fields, its checks, its request body, its labels and group,
// and what an open order of it lets the modify dialog and a chart drag change. The form, the
// modify dialog, the chart's order lines, the tables and the API read these; a new kind is a file
// here, its line in index.ts and its tests.
import type { GuideName } from '../trade-guides.ts';
import type { OrderGroup } from '../order-groups.ts';
import type { Order, PlanType } from '../order-types.ts';
import type { BalanceContext, DraftField, OrderDraft, OrderKind, RuleMessage, SymbolLimits } from '../order-rules.ts';

/** What the trade preferences (spec 5.13) let the form offer beside each kind's own fields. */
export interface FormExtras {
  timeInForce: boolean;
  postOnly: boolean;
  slippage: boolean;
  /** TP/SL on a limit order's entry. */
  tpsl: boolean;
}

/** Draft fields typed as decimals, and those chosen among a few values. */
export type InputKey = Extract<keyof OrderDraft, DraftField | 'takeProfit' | 'stopLoss'>;
export type ChoiceKey = 'marketBy' | 'execType' | 'tpType' | 'slType' | 'trailingBy' | 'timeInForce';

/** One control of the form, in the order the kind lists them. Labels are translation keys. */
export type FormField =
  /** A decimal typed with the rules of its figure (prices snap to the tick, quantities to the lot…), in its unit. */
  | { type: 'input'; key: InputKey; labelKey: string; unit: 'quote' | 'base' | '%'; rules: 'price' | 'qty' | 'amount' | 'percent' }
  | { type: 'choice'; key: ChoiceKey; labelKey: string; options: ReadonlyArray<{ value: string; labelKey?: string; text?: string }> }
  | { type: 'check'; key: 'postOnly'; labelKey: string }
  /** Fields folded under a summary (a limit order's TP/SL). */
  | { type: 'group'; labelKey: string; fields: readonly FormField[] };

export interface CheckContext extends BalanceContext {
  /** The last price as a fixed-point integer, or null. */
  last: bigint | null;
  /** Spec 5.3's balance check, where the kind places it among its own. */
  balance(): RuleMessage | null;
}

/** What an open order of the kind may have changed (spec 5.5, 4.11). */
export interface OpenOrderEdits {
  /** Its limit price (the dialog's price field; its price line drags). */
  price: boolean;
  /** Its trigger, named so ('trigger'), or a trailing stop's activation price; null: none. */
  trigger: 'trigger' | 'activation' | null;
  /** A trailing stop's trailing value or rate. */
  trailing: boolean;
  /** Whether a dragged line of it may modify it (an OCO's and a trailing stop's lines only show). */
  draggable: boolean;
}

export interface OrderKindDef {
  readonly kind: OrderKind;
  /** Its name in the form's menu. */
  readonly labelKey: string;
  /** The open-order list (the orders panel's sub-tab) it appears in. */
  readonly group: OrderGroup;
  /** Plan types of its open orders, which tell an order's kind back (plan type 0: limit or market by its type). */
  readonly planTypes: readonly PlanType[];
  /** Offered to demo accounts (Bybit's demo trading lacks some, spec 6). */
  readonly demo: boolean;
  /** The trade guide shown with the form (spec 4.3). */
  readonly guide: GuideName | null;
  /** The field a price chosen on the book fills, and whether the last price fills it when empty. */
  readonly bookPrice: InputKey | null;
  readonly startsAtLast: boolean;
  fields(d: OrderDraft, extras: FormExtras): readonly FormField[];
  /** The price a buy's cost is computed at (the balance slider, max buy, the balance check). */
  calcPrice(d: OrderDraft, last: string): string;
  /** Quote a buy spends (base a sell gives) when not quantity × calcPrice; the field the balance check marks. */
  cost?(d: OrderDraft, lastPrice: string | null): bigint | null;
  costField?(d: OrderDraft): DraftField;
  /** Spec 5.3's checks of the kind, in order (the balance check through ctx). */
  check(d: OrderDraft, l: SymbolLimits, ctx: CheckContext): RuleMessage | null;
  /** Its fields of a Bybit v5 /v5/order/create body (side, symbol, ids, orderFilter and leverage are common). */
  body(d: OrderDraft): Record<string, string>;
  /** The tables' type label of an open order of it (orders.type.*, before a leveraged order's suffix). */
  typeLabel(o: Pick<Order, 'type'>): string;
  edits(o: Pick<Order, 'type'>): OpenOrderEdits;
}

/** Inputs most kinds share. */
export const PRICE_INPUT = (key: InputKey, labelKey: string): FormField => ({ type: 'input', key, labelKey, unit: 'quote', rules: 'price' });
export const QTY_INPUT: FormField = { type: 'input', key: 'qty', labelKey: 'orderForm.qty', unit: 'base', rules: 'qty' };
export const EXEC_CHOICE = (key: 'execType' | 'tpType' | 'slType', labelKey: string): FormField => ({
  type: 'choice', key, labelKey, options: [{ value: 'limit', labelKey: 'orderForm.limitExec' }, { value: 'market', labelKey: 'orderForm.marketExec' }],
});
/** 'limit' or 'market', as the tables say an open order executes. */
export const flavourOf = (o: Pick<Order, 'type'>) => (o.type === 'LIMIT' ? 'limit' : 'market');
