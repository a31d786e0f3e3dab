import { ANONYMOUS, fetchUserInfo, logout as apiLogout, type UserInfo } from '../api/user.ts';
import { wakeableSleep, withRetry, type RetryWait } from '../api/retry.ts';
import { signal, computed } from './signals.ts';

export const user = signal<UserInfo>(ANONYMOUS);
/** True once the first user-info answer (or permanent failure) arrived, so nothing flashes "logged out". */
export const userKnown = signal(false);
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
  } catch (err) {
    userError.value = (err as Error).message;
  } finally {
    userRetrying.value = null;
    userKnown.value = true;
  }
}

/** Ends the current wait between user-info attempts at once. */
export function retryUserNow(): void {
  waits.wake();
}

export async function logout(): Promise<void> {
  await apiLogout();
  user.value = ANONYMOUS;
}
