// Trade-guide states (spec 4.3, 9); the accepted risk disclaimers are in market-gates.ts.
import { fetchGuideStates, saveGuideState } from '../../api/trade-guide-prefs.ts';
import type { GuideName, GuideState } from '../../core/trade-guides.ts';
import { readStored, writeStored } from '../storage.ts';
import { signal } from '../signals.ts';

// ---- trade guides (spec 4.3) -------------------------------------------------------------------

const GUIDE_KEY = 'spot.trade.guide';
const isGuideMap = (v: unknown): v is Partial<Record<GuideName, GuideState>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((s) => s === 'new' || s === 'read' || s === 'unknown');

/** Known guide states; a guide with no state anywhere counts as 'new'. */
export const guideStates = signal<Partial<Record<GuideName, GuideState>>>(readStored(GUIDE_KEY, isGuideMap) ?? {});

/** True once the server's answer (or its failure) is in, so a guide read elsewhere does not flash up. */
export const guideStatesLoaded = signal(false);

/** Merges the server's states (a 'read' anywhere wins, so a guide never shows twice). */
export async function loadGuideStates(): Promise<void> {
  try {
    const remote = await fetchGuideStates();
    const local = guideStates.peek();
    const merged: Partial<Record<GuideName, GuideState>> = { ...local };
    for (const g of ['oco', 'trailing'] as const) if (remote[g] && local[g] !== 'read') merged[g] = remote[g];
    guideStates.value = merged;
  } catch {
    // Without the server's answer the local state decides.
  } finally {
    guideStatesLoaded.value = true;
  }
}

export function shouldShowGuide(g: GuideName): boolean {
  return guideStatesLoaded.value && (guideStates.value[g] ?? 'new') === 'new';
}

/** Closing or finishing a guide: saved to local storage at once and to the user's preferences. */
export function markGuideRead(g: GuideName): void {
  const next = { ...guideStates.peek(), [g]: 'read' as const };
  guideStates.value = next;
  writeStored(GUIDE_KEY, next);
  void saveGuideState(g, 'read').catch(() => undefined);
}
