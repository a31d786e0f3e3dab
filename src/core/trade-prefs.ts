// Spec 5.13's trade-preference items: which ones a user may switch, and what the order form then
// offers. The switches live in the user's server preferences under `tradePref.<item>`.

export const TRADE_PREF_ITEMS = ['spotMargin', 'leverage', 'borrowedAmount', 'tpsl', 'postOnly', 'timeInForce', 'slippage'] as const;
export type TradePrefItem = (typeof TRADE_PREF_ITEMS)[number];
export type TradePrefs = Readonly<Record<TradePrefItem, boolean>>;

/** What a new user sees: TP/SL on entry as before; the rest off until switched on. */
export const DEFAULT_TRADE_PREFS: TradePrefs = {
  spotMargin: true, leverage: true, borrowedAmount: true, tpsl: true, postOnly: false, timeInForce: false, slippage: false,
};

export const tradePrefKey = (item: TradePrefItem) => `tradePref.${item}`;

/** The switches from the user's preferences ('1' on, '0' off; anything else keeps the default). */
export function readTradePrefs(prefs: Readonly<Record<string, string>> | null): TradePrefs {
  const out = { ...DEFAULT_TRADE_PREFS };
  for (const item of TRADE_PREF_ITEMS) {
    const v = prefs?.[tradePrefKey(item)];
    if (v === '1' || v === '0') out[item] = v === '1';
  }
  return out;
}

export interface TradePrefContext {
  isUnified: boolean;
  isDemo: boolean;
  /** The account may trade on margin (its spot-margin mode is on). */
  marginMode: boolean;
  /** Compliance allows spot margin where the user is. */
  marginAllowed: boolean;
  /** The order form's leverage switch is on (spec 5.1's leverage check applies). */
  leverageChecked: boolean;
}

/**
 * Spec 5.13: spot margin needs leverage and compliance; leverage needs a unified account in
 * leverage mode; the borrowed amount needs leverage; TP/SL, post only, time in force and slippage
 * need a unified non-demo account; post only and time in force hide while the leverage check is on.
 */
export function availablePrefItems(c: TradePrefContext): ReadonlySet<TradePrefItem> {
  const out = new Set<TradePrefItem>();
  const leverage = c.isUnified && c.marginMode;
  if (leverage && c.marginAllowed) out.add('spotMargin');
  if (leverage) out.add('leverage');
  if (leverage) out.add('borrowedAmount');
  if (c.isUnified && !c.isDemo) {
    out.add('tpsl');
    out.add('slippage');
    if (!c.leverageChecked) {
      out.add('postOnly');
      out.add('timeInForce');
    }
  }
  return out;
}

/** What the order form offers: an item that is available and switched on. */
export function enabledPrefItems(prefs: TradePrefs, c: TradePrefContext): ReadonlySet<TradePrefItem> {
  return new Set([...availablePrefItems(c)].filter((item) => prefs[item]));
}
