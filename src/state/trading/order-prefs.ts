// The trade preferences (spec 5.13) as the page applies them: the switches from the user's server
// preferences, the items this account may switch, and what the order form offers.
import { availablePrefItems, enabledPrefItems, readTradePrefs, tradePrefKey, type TradePrefContext, type TradePrefItem } from '../../core/trade-prefs.ts';
import { complianceConfig } from '../market/compliance.ts';
import { computed } from '../signals.ts';
import { leverageChecked, marginAccount } from '../account/margin.ts';
import { user } from '../account/user.ts';
import { setUserPrefs, userPrefs } from '../account/user-prefs.ts';


export const tradePrefs = computed(() => readTradePrefs(userPrefs.value));

const context = computed<TradePrefContext>(() => ({
  isUnified: user.value.isUTA,
  isDemo: user.value.isDemoAccount,
  // Leverage mode: the account's spot margin is on (the exchange's account info says so).
  marginMode: marginAccount.value?.spotMarginOn === true,
  marginAllowed: complianceConfig.value.spotMargin,
  leverageChecked: leverageChecked.value,
}));

/** The items the popover lists for this account. */
export const prefItemsShown = computed(() => availablePrefItems(context.value));
/** What the order form offers now. */
export const prefItemsOn = computed(() => enabledPrefItems(tradePrefs.value, context.value));

/** Saves one switch with the user's preferences; false when the server refused (nothing changes). */
export function setTradePref(item: TradePrefItem, on: boolean): Promise<boolean> {
  return setUserPrefs({ [tradePrefKey(item)]: on ? '1' : '0' });
}
