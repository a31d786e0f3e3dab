// The page's view of the exchange's market rules (issue 16): maintenance (spec 5.4), the innovation
// quota (5.2, 5.3) and the risk disclaimers a user accepted (5.4), which live in the user's server
// preferences so that they follow the account, not the browser.
import { fetchInnovationRemaining, fetchUnderMaintenance } from '../../api/market-gates.ts';
import { tradeGate, zoneOf, type GateResult } from '../../core/order-gates.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { createPoll } from '../poll.ts';
import { computed, signal } from '../signals.ts';
import { user } from '../account/user.ts';
import { leverageChecked, marginAccount } from '../account/margin.ts';
import { ensureUserPrefs, setUserPrefs, userPrefs } from '../account/user-prefs.ts';

const MAINTENANCE_POLL_MS = 30_000;

/** The system status, read every 30 s while some order entry is shown; a failed read keeps the last answer. */
const maintenance = createPoll({ read: () => fetchUnderMaintenance(), everyMs: MAINTENANCE_POLL_MS, initial: false, keepOnStop: true });

/**
 * True while the exchange reports an ongoing maintenance window (spec 5.4 web2_will_update). Unknown
 * keeps the last answer: the exchange still refuses orders during maintenance.
 */
export const underMaintenance = computed(() => maintenance.data.value);

/** Reads the system status now (an order was refused: maintenance may have begun). */
export function refreshMaintenance(): Promise<void> {
  return maintenance.refresh();
}

/** Polls the system status while some order entry is shown; returns the stop function. */
export function watchMaintenance(): () => void {
  return maintenance.use();
}

/** The remaining innovation quota of the shown symbol: null when unknown or the symbol has no zone. */
export const innovationRemaining = signal<{ symbolId: string; remain: string } | null>(null);

/** Reads the quota for a zone symbol (the form caps buys by it, spec 5.2); other symbols need none. */
export async function refreshInnovationQuota(symbol: SpotSymbol): Promise<void> {
  if (zoneOf(symbol.mark) === '' || user.peek().userState !== 1) {
    innovationRemaining.value = null;
    return;
  }
  try {
    const remain = await fetchInnovationRemaining(symbol.symbolId);
    innovationRemaining.value = { symbolId: symbol.symbolId, remain };
  } catch {
    innovationRemaining.value = null;
  }
}

/** The quota for `symbol` when it is the one read, else null (unknown). */
export function quotaFor(symbol: SpotSymbol): string | null {
  const q = innovationRemaining.value;
  return q && q.symbolId === symbol.symbolId ? q.remain : null;
}

const DISCLAIMER_PREFIX = 'riskDisclaimer.';

/** Disclaimers the user accepted (by the id disclaimerFor gives), from their server preferences. */
export const acceptedDisclaimers = computed<ReadonlySet<string>>(() => {
  const prefs = userPrefs.value ?? {};
  return new Set(Object.keys(prefs).filter((k) => k.startsWith(DISCLAIMER_PREFIX) && prefs[k] === 'accepted').map((k) => k.slice(DISCLAIMER_PREFIX.length)));
});

/** Loads the preferences that hold the accepted disclaimers (once per user). */
export function loadDisclaimers(): void {
  void ensureUserPrefs();
}

/** Saves an acceptance; false when the server refused it (the gate then stays closed). */
export function acceptDisclaimer(id: string): Promise<boolean> {
  return setUserPrefs({ [`${DISCLAIMER_PREFIX}${id}`]: 'accepted' });
}

/** Spec 5.4's gates for an order of `symbol`, as the page knows the account and the exchange now. */
export function pageGate(symbol: SpotSymbol): GateResult {
  loadDisclaimers();
  const margin = marginAccount.peek();
  return tradeGate({
    // Spec 5.4: the margin account's status (4 liquidation, 5 overrun) as the exchange reports it for this symbol.
    ...(margin && margin.symbolId === symbol.symbolId ? { marginStatus: margin.status } : {}),
    leverageChecked: leverageChecked.peek(),
    maintenance: underMaintenance.peek(),
    baseToken: symbol.baseTokenName,
    mark: symbol.mark,
    accepted: acceptedDisclaimers.peek(),
  });
}
