// Spec 4.13 and 9: when the page reads the unified balance itself instead of waiting for the
// wallet push. Pure: the state module (src/state/unified-asset.ts) feeds it and runs the timers.

/** Spec 9: polling is off when its interval is this or less. */
export const BALANCE_POLL_MIN_MS = 3000;

/** The account's polling as the exchange configures it (user info). */
export interface BalancePollConfig {
  interval: number;
  /** Keep reading at the interval; otherwise read once and let the wallet push take over. */
  forced: boolean;
}

/** The configuration as user info carries it; null when it is missing or not well formed. */
export function readPollConfig(v: unknown): BalancePollConfig | null {
  if (typeof v !== 'object' || v === null) return null;
  const { interval, forced } = v as { interval?: unknown; forced?: unknown };
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval < 0) return null;
  return { interval, forced: forced === true };
}

export interface BalancePollInput {
  userState: number;
  visible: boolean;
  isUnified: boolean;
  /** How long the logged-in account has been this one, in ms. */
  accountAgeMs: number;
  config: BalancePollConfig | null;
}

export interface BalancePollPlan {
  /** Read now. */
  readNow: boolean;
  /** Then read again every this many ms (null: the push replaces polling). */
  everyMs: number | null;
}

/**
 * Null when polling must not run: not logged in (userState 1), the page hidden, a classic account,
 * no configuration, or an interval of 3,000 ms or less. An account that has just changed (less than
 * one interval ago) skips the immediate read, which its session's first balance load makes anyway.
 */
export function balancePollPlan(i: BalancePollInput): BalancePollPlan | null {
  if (i.userState !== 1 || !i.visible || !i.isUnified || !i.config) return null;
  const { interval, forced } = i.config;
  if (!(interval > BALANCE_POLL_MIN_MS)) return null;
  return { readNow: i.accountAgeMs >= interval, everyMs: forced ? interval : null };
}
