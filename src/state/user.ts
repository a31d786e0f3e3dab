import { ANONYMOUS, fetchUserInfo, logout as apiLogout, type UserInfo } from '../api/user.ts';
import { signal, computed } from './signals.ts';

export const user = signal<UserInfo>(ANONYMOUS);
/** True once the first user-info answer (or failure) arrived, so nothing flashes "logged out". */
export const userKnown = signal(false);
export const userError = signal<string | null>(null);
export const isLoggedIn = computed(() => user.value.userState === 1);

export async function refreshUser(): Promise<void> {
  try {
    user.value = await fetchUserInfo();
    userError.value = null;
  } catch (err) {
    userError.value = (err as Error).message;
  } finally {
    userKnown.value = true;
  }
}

export async function logout(): Promise<void> {
  await apiLogout();
  user.value = ANONYMOUS;
}
