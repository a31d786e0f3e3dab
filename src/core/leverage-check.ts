// Spec 5.1, the leverage check before leverage trading, and 4.5 (isolated margin has no leverage).
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
