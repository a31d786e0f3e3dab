// Spec 2.17's two OTC paths and 7.5's "check whether OTC is guided": an account the exchange says
// has not been through the OTC guide gets it first (its end is recorded on the exchange); a guided
// one goes straight to the convert page. Unknown (anonymous, or the check failed): the index path.
import { fetchOtcGuided, recordOtcGuided } from '../../api/otc.ts';
import { signal } from '../signals.ts';
import { user } from './user.ts';

/** What the exchange said for the account in `id`; null until it has answered. */
export const otcGuided = signal<{ id: number | null; guided: boolean } | null>(null);
/** The guide is open. */
export const otcGuideOpen = signal(false);

let asking: number | null | undefined;

/** Asks the exchange once per account (the Tools tab calls it when shown). */
export function loadOtcGuided(): void {
  const u = user.value;
  if (u.userState !== 1 || asking === u.id || otcGuided.value?.id === u.id) return;
  asking = u.id;
  fetchOtcGuided().then(
    (guided) => {
      if (user.value.id === u.id) otcGuided.value = { id: u.id, guided };
    },
    () => undefined,
  ).finally(() => {
    if (asking === u.id) asking = undefined;
  });
}

/** The guide's state for the account on the page: true guided, false not yet, null unknown. */
export function otcGuidedNow(): boolean | null {
  const g = otcGuided.value;
  return g && g.id === user.value.id && user.value.userState === 1 ? g.guided : null;
}

export function closeOtcGuide(): void {
  otcGuideOpen.value = false;
}

/** The guide's end: recorded on the exchange (throws when it refused), then the account is guided. */
export async function completeOtcGuide(): Promise<void> {
  const id = user.value.id;
  await recordOtcGuided();
  otcGuided.value = { id, guided: true };
  otcGuideOpen.value = false;
}

/**
 * The OTC link was followed: where it goes. An account not yet guided gets the guide ('guide');
 * a guided one the convert page; when the exchange's answer is not in yet it is asked first, and
 * when it cannot say (anonymous, a failed check) the index path.
 */
export async function followOtc(): Promise<'guide' | 'convert' | 'index'> {
  let guided = otcGuidedNow();
  const u = user.value;
  if (guided === null && u.userState === 1) {
    try {
      guided = await fetchOtcGuided();
      if (user.value.id === u.id) otcGuided.value = { id: u.id, guided };
    } catch {
      guided = null;
    }
  }
  if (guided === false) {
    otcGuideOpen.value = true;
    return 'guide';
  }
  return guided ? 'convert' : 'index';
}
