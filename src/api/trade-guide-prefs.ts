// The trade-guide read state kept in the user's preferences (spec 3 "User pref", 4.3).
import { guidePrefKey, type GuideName, type GuideState } from '../core/trade-guides.ts';
import { isRecord, requestJson } from './http.ts';
import { savePrefs } from './user.ts';

const asState = (v: unknown): GuideState | undefined => (v === 'new' || v === 'read' || v === 'unknown' ? v : undefined);

/** The stored states (undefined where the server holds none). */
export async function fetchGuideStates(): Promise<Partial<Record<GuideName, GuideState>>> {
  const data = await requestJson('/api/user/pref');
  const result = isRecord(data) && isRecord(data.result) ? data.result : {};
  const prefs = isRecord(result.prefs) ? result.prefs : {};
  return { oco: asState(prefs[guidePrefKey('oco')]), trailing: asState(prefs[guidePrefKey('trailing')]) };
}

export function saveGuideState(g: GuideName, state: GuideState): Promise<void> {
  return savePrefs({ [guidePrefKey(g)]: state });
}
