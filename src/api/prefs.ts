// The logged-in user's preferences (spec 3 "User pref"), read by the alerts, guides and banners
// that keep their state there; apart from api/user.ts so the page's first load does not carry it.
import { isRecord, requestJson } from './http.ts';

/** The user's preferences (spec 3 "User pref"), every key. */
export async function fetchPrefs(): Promise<Record<string, string>> {
  const data = await requestJson('/api/user/pref');
  const body = isRecord(data) && isRecord(data.result) ? data.result : {};
  const prefs = isRecord(body.prefs) ? body.prefs : {};
  return Object.fromEntries(Object.entries(prefs).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
