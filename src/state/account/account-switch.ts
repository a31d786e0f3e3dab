// Spec 4.17: a change of account in another tab, signalled by a stored switch-account flag, makes
// this tab fetch the user info again. The flag holds who is signed in ({uid, at}); a tab writes it
// when the user info it fetched names someone other than the flag (a login, or a login as someone
// else, in that tab) and when it logs out. Other tabs hear it through the storage event, which a
// tab never gets for its own writes; a tab that refreshes because of the flag finds the same
// person the flag names and writes nothing, so the tabs do not echo each other.
import { readStored, writeStored } from '../storage.ts';

export const SWITCH_ACCOUNT_KEY = 'spot.switchAccount';

interface SwitchFlag {
  uid: number | null;
  at: number;
}

const isFlag = (v: unknown): v is SwitchFlag =>
  typeof v === 'object' && v !== null && 'uid' in v && (typeof v.uid === 'number' || v.uid === null) && 'at' in v && typeof v.at === 'number';

/** Who the flag says is signed in (undefined: no flag yet). */
export function flaggedUser(): number | null | undefined {
  return readStored(SWITCH_ACCOUNT_KEY, isFlag)?.uid;
}

/** The user info this tab fetched names `uid` (null: a visitor); tells the other tabs when that is news. */
export function noteSignedIn(uid: number | null): void {
  if (flaggedUser() !== uid) writeStored(SWITCH_ACCOUNT_KEY, { uid, at: Date.now() } satisfies SwitchFlag);
}

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Refreshes the user info whenever another tab writes the flag; returns the stop. */
export function watchAccountSwitch(refresh: () => unknown, target: Target = window): () => void {
  const onStorage = (ev: Event) => {
    const e = ev as StorageEvent;
    if (e.key === SWITCH_ACCOUNT_KEY && e.newValue !== null) refresh();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
