// Spec 5.1, the leverage check before leverage trading, and 4.5 (isolated margin has no leverage).
import { fx, fxMul } from './decimal.ts';
export interface LeverageCheckInput {
  isUnified: boolean;
  marginMode: string;
  /** The user confirmed leverage trading (the account's spot margin is switched on). */
  confirmed: boolean;
  /** The user passed the leverage test (the local exchange has none to take: true once confirmed). */
  passed: boolean;
  /** The leverage switch is on. */
  leverageOn: boolean;
}

export type LeverageCheck =
  | { ok: true }
  /** message: an i18n key; refetch: fetch the leverage info again (not confirmed or not passed). */
  | { ok: false; message?: 'margin.isolatedNotSupported' | 'margin.leverageOffTradeTip'; refetch?: boolean };

export function leverageCheck(c: LeverageCheckInput): LeverageCheck {
  if (c.isUnified && c.marginMode === 'ISOLATED_MARGIN') return { ok: false, message: 'margin.isolatedNotSupported' };
  if (c.confirmed && c.passed) return c.leverageOn ? { ok: true } : { ok: false, message: 'margin.leverageOffTradeTip' };
  return { ok: false, refetch: true };
}

/**
 * What a leveraged order would borrow (spec 3, shown before sending): for a buy, the quote its cost
 * passes the free quote by; for a sell, the base its quantity passes the free base by. Null when the
 * draft does not yet say how much (no price or quantity).
 */
export function borrowEstimate(d: { side: 'Buy' | 'Sell'; kind: string; price: string; qty: string; amount: string; marketBy: string }, free: string, lastPrice: string | null): bigint | null {
  const f = fx(free) ?? 0n;
  if (d.side === 'Sell') {
    const q = fx(d.qty);
    return q === null ? null : q > f ? q - f : 0n;
  }
  let cost: bigint | null = null;
  if (d.kind === 'market' && d.marketBy === 'amount') cost = fx(d.amount);
  else {
    const q = fx(d.qty);
    const p = d.kind === 'market' ? fx(lastPrice) : fx(d.price);
    cost = q !== null && p !== null ? fxMul(q, p) : null;
  }
  return cost === null ? null : cost > f ? cost - f : 0n;
}
