// The spot-margin risk figures of one unified account, from its holdings and debts at mark prices
// (exact decimals, 18-place scaled bigints, USD). Pure: the service and the property tests share it.
//   assets  = Σ wallet balance × price           (every coin is collateral at ratio 1)
//   debt    = Σ (principal + interest) × price
//   equity  = assets − debt
//   IM      = debt / (leverage − 1)   → borrowing stops where IM reaches equity (leverage × equity held)
//   MM      = debt × MAINTENANCE_RATE → liquidation where MM reaches equity
import { FX_ONE, fxDiv, fxMul } from '../../../src/core/decimal.ts';
import type { RiskState } from '../../../src/protocol/bybit-v5/margin.ts';

/** Maintenance margin per unit of debt (5%): below every initial rate 1/(L−1), L ≤ 10. */
export const MAINTENANCE_RATE = FX_ONE / 20n;
/** IM rate from which the account is warned it nears its borrowing limit (90%). */
export const WARNING_IM_RATE = (FX_ONE * 9n) / 10n;

export interface Holding {
  coin: string;
  /** available + locked */
  wallet: bigint;
  /** principal + unpaid interest */
  owed: bigint;
}

export interface RiskFigures {
  assets: bigint;
  debt: bigint;
  equity: bigint;
  im: bigint;
  mm: bigint;
  /** IM / equity; FX_ONE×1000 stands for "no equity left" */
  imRate: bigint;
  mmRate: bigint;
  state: RiskState;
}

const NO_EQUITY = FX_ONE * 1000n;

export function riskOf(holdings: readonly Holding[], price: (coin: string) => bigint, leverage: number): RiskFigures {
  let assets = 0n;
  let debt = 0n;
  for (const h of holdings) {
    const p = price(h.coin);
    assets += fxMul(h.wallet, p);
    debt += fxMul(h.owed, p);
  }
  const equity = assets - debt;
  const im = debt / BigInt(Math.max(1, leverage - 1));
  const mm = fxMul(debt, MAINTENANCE_RATE);
  const rate = (m: bigint) => (debt === 0n ? 0n : equity <= 0n ? NO_EQUITY : fxDiv(m, equity));
  const imRate = rate(im);
  const mmRate = rate(mm);
  const state: RiskState = debt === 0n ? 'NORMAL' : mmRate >= FX_ONE ? 'LIQUIDATION' : imRate > FX_ONE ? 'OVERRUN' : imRate >= WARNING_IM_RATE ? 'WARNING' : 'NORMAL';
  return { assets, debt, equity, im, mm, imRate, mmRate, state };
}

/** How much more USD of debt the account may take on at this leverage: (L−1) × equity − debt, at least 0. */
export function borrowHeadroom(r: RiskFigures, leverage: number): bigint {
  const room = r.equity * BigInt(leverage - 1) - r.debt;
  return room > 0n ? room : 0n;
}
