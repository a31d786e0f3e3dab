import { fetchUserInfo, logout as apiLogout, saveConfirmPref } from '../../api/user.ts';
import { ANONYMOUS, type ConfirmPref, type UserInfo } from '../../core/user-info.ts';
import { pushToast } from '../toasts.ts';
import { wakeableSleep, withRetry, type RetryWait } from '../../api/retry.ts';
import { signal, computed, effect } from '../signals.ts';
import { noteSignedIn, watchAccountSwitch } from './account-switch.ts';

export const user = signal<UserInfo>(ANONYMOUS);
/** True once the first user-info answer (or permanent failure) arrived, so nothing flashes "logged out". */
export const userKnown = signal(false);

/**
 * Calls `onAccount` with the account whose server-kept page state (the chart layout, the
 * workspaces) follows it: its id when a logged-in, non-demo user is known, '' for a visitor or the
 * demo account; once per change, after the user is known. Returns the stop function.
 */
export function followSyncedAccount(onAccount: (key: string) => void): () => void {
  let current: string | null = null;
  return effect(() => {
    const u = user.value;
    if (!userKnown.value) return;
    const key = u.userState === 1 && !u.isDemoAccount ? String(u.id ?? '') : '';
    if (key === current) return;
    current = key;
    onAccount(key);
  });
}
export const userError = signal<string | null>(null);
/** Set while the user-info request waits to try again (a failure that waiting can fix). */
export const userRetrying = signal<RetryWait | null>(null);
export const isLoggedIn = computed(() => user.value.userState === 1);

const waits = wakeableSleep();

export async function refreshUser(): Promise<void> {
  try {
    // A logged-in trader whose first answer failed must not be shown as a visitor: retry instead.
    user.value = await withRetry(() => fetchUserInfo(), {
      sleep: waits.sleep,
      onWait: (w) => {
        userRetrying.value = w;
      },
    });
    userError.value = null;
    noteSignedIn(user.peek().userState === 1 ? user.peek().id : null);
  } catch (err) {
    userError.value = (err as Error).message;
  } finally {
    userRetrying.value = null;
    userKnown.value = true;
  }
}

/** Spec 4.17: another tab's switch-account flag makes this tab fetch the user info again; returns the stop. */
export function followAccountSwitches(): () => void {
  return watchAccountSwitch(() => void refreshUser());
}

/** Ends the current wait between user-info attempts at once. */
export function retryUserNow(): void {
  waits.wake();
}

export async function logout(): Promise<void> {
  await apiLogout();
  user.value = ANONYMOUS;
  noteSignedIn(null);
}

/**
 * Turns one confirmation flag on or off. The page shows the new setting only once the server has
 * stored it; a failure keeps the old one and says why.
 */
export async function setConfirmPref(key: ConfirmPref, on: boolean): Promise<boolean> {
  const before = user.peek();
  if (before.userState !== 1) return false;
  try {
    await saveConfirmPref(key, on);
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: err instanceof Error ? err.message : String(err) });
    return false;
  }
  const now = user.peek();
  // Still the same person (no log-out or switch meanwhile).
  if (now.id === before.id) user.value = { ...now, doubleConfirm: { ...now.doubleConfirm, [key]: on } };
  return true;
}
