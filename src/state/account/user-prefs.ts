// The logged-in user's server preferences (spec 3 "User pref", 7.5), loaded once per user for the
// alerts and guides that remember their read state there. null until loaded (spec 5.13: an alert
// waits for its preferences).
import { withRetry } from '../../api/retry.ts';
import { fetchPrefs } from '../../api/prefs.ts';
import { savePrefs } from '../../api/user.ts';
import { signal } from '../signals.ts';
import { user } from './user.ts';

export const userPrefs = signal<Readonly<Record<string, string>> | null>(null);
let loadedFor: number | null = null;

/** Loads the preferences of the current user unless they are loaded already. */
export async function ensureUserPrefs(): Promise<void> {
  const u = user.peek();
  if (u.userState !== 1 || u.id === null || loadedFor === u.id) return;
  loadedFor = u.id;
  userPrefs.value = null;
  try {
    // A network error, timeout or 5xx waits and tries again (1 s, 2 s, 4 s … 30 s); while it does,
    // whatever depends on the preferences stays hidden.
    const prefs = await withRetry(() => fetchPrefs());
    if (user.peek().id === u.id) userPrefs.value = prefs;
  } catch {
    // A refusal retrying cannot change: whatever depends on them stays hidden; the next page load tries again.
    loadedFor = null;
  }
}

/** Stores keys on the server, then here; false when the server refused (nothing changes then). */
export async function setUserPrefs(upserts: Record<string, string>): Promise<boolean> {
  try {
    await savePrefs(upserts);
  } catch {
    return false;
  }
  // Not loaded yet: the load brings these keys too; setting only them here would pass for "loaded".
  const prev = userPrefs.peek();
  if (prev !== null) userPrefs.value = { ...prev, ...upserts };
  return true;
}
