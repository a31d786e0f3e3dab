// Spec 5.2 (available amount), 5.4 (pre-trade gates), 5.5 (editing), 5.6 (quick
// chart order) and 5.7 (hover order). Message keys live under `orderMsg.` like those of 5.3.
import { fx, fxText, isMultiple } from './decimal.ts';
import type { RuleMessage } from './order-rules.ts';
import type { Side } from './order-types.ts';

// ---- 5.2 ---------------------------------------------------------------------------------------

export type Zone = 'innovation' | 'adventure' | '';

/** The symbol's zone from its mark (spec 3). */
export function zoneOf(mark: string): Zone {
  if (mark.includes('innovation')) return 'innovation';
  if (mark.includes('adventure')) return 'adventure';
  return '';
}

/** Remaining quota: '--' counts as 0, -1 or '-' as unlimited (null). */
export function quotaRemaining(raw: string | number | null | undefined): bigint | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).trim();
  if (s === '--') return 0n;
  if (s === '-' || s === '-1') return null;
  const v = fx(s);
  return v === null || v < 0n ? null : v;
}

export interface AvailableInput {
  side: Side;
  /** Free quote (buy) or base (sell). */
  free: string;
  /** The account's max buy amount when it gives one (spec 3 Account info: with leverage, it includes what may be borrowed). */
  maxBuyAmount?: string;
  /** The account's max sell quantity when it gives one (with leverage). */
  maxSellQty?: string;
  zone: Zone;
  quota?: string | number | null;
  decimals: number;
}

/**
 * What the form may spend: the free balance, or the account's max buy amount / max sell quantity
 * when it gives them (leverage trading); an innovation or adventure buy is also capped by the
 * remaining quota (spec 5.2).
 */
export function availableAmount(a: AvailableInput): string {
  const free = fx(a.free) ?? 0n;
  const maxBuy = a.maxBuyAmount !== undefined ? fx(a.maxBuyAmount) : null;
  const maxSell = a.maxSellQty !== undefined ? fx(a.maxSellQty) : null;
  let v = a.side === 'Buy' ? (maxBuy ?? free) : (maxSell ?? free);
  if (a.side === 'Buy' && a.zone !== '') {
    const q = quotaRemaining(a.quota);
    if (q !== null && q < v) v = q;
  }
  return fxText(v < 0n ? 0n : v, a.decimals);
}

// ---- 5.4 ---------------------------------------------------------------------------------------

/** Tokens whose risk disclaimer must be accepted before trading (spec 5.4). */
export const DISCLAIMER_TOKENS: ReadonlySet<string> = new Set(['SUI', 'MNT', 'BIT']);
const LEVERAGED_TOKEN_RE = /\d+[LS]$/;

export interface GateInput {
  /** Margin account status (spec 3 Account info); undefined without a margin account. */
  marginStatus?: number;
  leverageChecked: boolean;
  maintenance: boolean;
  baseToken: string;
  mark: string;
  /** Disclaimers already accepted, by the id `disclaimerFor` returns. */
  accepted: ReadonlySet<string>;
}

/** Which disclaimer a symbol needs ('' for none): the token itself, its zone, or leveraged tokens. */
export function disclaimerFor(baseToken: string, mark: string): string {
  if (DISCLAIMER_TOKENS.has(baseToken)) return baseToken;
  const zone = zoneOf(mark);
  if (zone) return zone;
  return LEVERAGED_TOKEN_RE.test(baseToken) ? 'leveragedToken' : '';
}

export type GateResult = { ok: true } | { ok: false; message: RuleMessage } | { ok: false; disclaimer: string };

export function tradeGate(g: GateInput): GateResult {
  if (g.maintenance) return { ok: false, message: { key: 'web2_will_update' } };
  if (g.marginStatus === 4) return { ok: false, message: { key: 'liquidationErrorInfo' } };
  if (g.marginStatus === 5 && g.leverageChecked) return { ok: false, message: { key: 'overrunErrorInfo' } };
  const d = disclaimerFor(g.baseToken, g.mark);
  if (d && !g.accepted.has(d)) return { ok: false, disclaimer: d };
  return { ok: true };
}

/**
 * Spec 4.4: a ban flag restricts its side. The spec's numeric trading status 4 marks such a symbol;
 * v5 instruments carry the status as a word ('Trading'), so the flags alone decide here.
 */
export function sideRestricted(side: Side, s: { isBanBuy: boolean; isBanSell: boolean }): boolean {
  return side === 'Buy' ? s.isBanBuy : s.isBanSell;
}

// ---- 5.5 ---------------------------------------------------------------------------------------

export interface EditInput {
  trailing: boolean;
  /** The new value of a trailing stop's retracement or distance. */
  trailingValue?: string;
  newQty?: string;
  executedQty: string;
  isLeverage: boolean;
  isUnified: boolean;
}

export function checkEdit(e: EditInput): RuleMessage | null {
  if (e.trailing) return e.trailingValue && e.trailingValue.trim() !== '' ? null : { key: 'trailingValueRequired' };
  if (e.isLeverage && !e.isUnified) return { key: 'modifyLeverageErrorTips' };
  const q = fx(e.newQty);
  if (q !== null && q < (fx(e.executedQty) ?? 0n)) return { key: 'modifyQtyLessTips' };
  return null;
}

export type TrailingBy = 'percent' | 'value';

/** How an open trailing stop trails now: by a rate when it has one, else by a distance. */
export function trailingByOf(o: { trailingPercentage: string }): TrailingBy {
  return o.trailingPercentage !== '' ? 'percent' : 'value';
}

export interface TrailingEdit {
  by: TrailingBy;
  /** The retracement rate (percent) or distance (quote) typed in the modify dialog. */
  value: string;
  activationPrice: string;
}

/**
 * Spec 5.5 / 7.4: what a trailing-stop edit sends — the trailing value or percentage when it or its
 * kind changed, and the activation price when that changed; only the fields that differ.
 */
export function trailingAmend(
  o: { trailingValue: string; trailingPercentage: string; activationPrice: string },
  e: TrailingEdit,
): { trailingValue?: string; trailingPercentage?: string; triggerPrice?: string } {
  const out: { trailingValue?: string; trailingPercentage?: string; triggerPrice?: string } = {};
  const value = e.value.trim();
  const same = (a: string, b: string) => {
    const x = fx(a);
    const y = fx(b);
    return x !== null && y !== null ? x === y : a === b;
  };
  if (e.by === 'percent' && !same(value, o.trailingPercentage)) out.trailingPercentage = value;
  if (e.by === 'value' && !same(value, o.trailingValue)) out.trailingValue = value;
  const activation = e.activationPrice.trim();
  if (activation !== '' && !same(activation, o.activationPrice)) out.triggerPrice = activation;
  return out;
}

// ---- 5.6 / 5.7 ---------------------------------------------------------------------------------

export interface QuickOrderInput {
  loggedIn: boolean;
  side: Side;
  qty: string;
  price: string;
  banned: boolean;
}

export type QuickResult = { ok: true } | { ok: false; login: true } | { ok: false; message: RuleMessage } | { ok: false; banned: true };

export function checkQuickOrder(q: QuickOrderInput): QuickResult {
  if (!q.loggedIn) return { ok: false, login: true };
  if (q.banned) return { ok: false, banned: true };
  const qty = fx(q.qty);
  if (qty === null || qty === 0n) return { ok: false, message: { key: 'quick_order_0_tip' } };
  const price = fx(q.price);
  if (price === null || price <= 0n) return { ok: false, message: { key: 'quickLimitOrderPriceError' } };
  return { ok: true };
}

/** Spec 5.7: a hover order's quantity must be a whole number of steps. */
export function checkHoverQty(qty: string, step: string): RuleMessage | null {
  const q = fx(qty);
  const s = fx(step);
  if (q === null || s === null || !isMultiple(q, s)) return { key: 'qtyErrorTickTip', params: { step } };
  return null;
}
