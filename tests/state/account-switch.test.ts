// Spec 4.17: a switch-account flag stored by another tab makes this tab fetch the user info again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flaggedUser, noteSignedIn, SWITCH_ACCOUNT_KEY, watchAccountSwitch } from '../../src/state/account/account-switch.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A storage event as the browser delivers it to the other tabs. */
const storageEvent = (key: string | null, newValue: string | null) => Object.assign(new Event('storage'), { key, newValue });

afterEach(() => vi.unstubAllGlobals());

describe('switch-account flag', () => {
  it('is written when the signed-in person is news, and only then', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const writes = vi.spyOn(storage, 'setItem');
    noteSignedIn(7);
    expect(flaggedUser()).toBe(7);
    // Another refresh finding the same person (a tab that followed the flag) writes nothing.
    noteSignedIn(7);
    expect(writes).toHaveBeenCalledTimes(1);
    noteSignedIn(9);
    noteSignedIn(null);
    expect(flaggedUser()).toBeNull();
    expect(writes).toHaveBeenCalledTimes(3);
  });

  it("another tab's flag triggers a user-info refresh; other keys and removals do not", () => {
    const target = new EventTarget() as unknown as Window;
    const refresh = vi.fn();
    const stop = watchAccountSwitch(refresh, target);
    target.dispatchEvent(storageEvent('spot.favourites', '[]'));
    target.dispatchEvent(storageEvent(SWITCH_ACCOUNT_KEY, null));
    target.dispatchEvent(storageEvent(null, null));
    expect(refresh).not.toHaveBeenCalled();
    target.dispatchEvent(storageEvent(SWITCH_ACCOUNT_KEY, JSON.stringify({ uid: 9, at: 1 })));
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    target.dispatchEvent(storageEvent(SWITCH_ACCOUNT_KEY, JSON.stringify({ uid: 10, at: 2 })));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
