// The upgrade of a classic account to unified (spec 4.14): the entry and its one-time tip, the
// dialog (0 ask, 1 in progress, 3 failed with its reasons or code list), the masks, the guide after
// success, and what the account topic's results do. Feedback waits UPGRADE_FEEDBACK_MS.
import {
  showsUpgradeEntry, showsUpgradeGuide, showsUpgradeMask, UPGRADE_FEEDBACK_MS, UTA_GUIDE_PREF_KEY, type MemberTags,
} from '../../core/account-notices.ts';
import { ApiError } from '../../api/http.ts';
import { requestUpgrade } from '../../api/uta-upgrade.ts';
import { fetchUserInfo } from '../../api/user.ts';
import { UPGRADE_PUSH_DONE, UPGRADE_PUSH_IN_PROGRESS } from '../../protocol/bybit-v5/uta-upgrade.ts';

/** The FAIL reasons' codes the dialog explains (the exchange's vocabulary). */
export { UPGRADE_FAIL_LIABILITIES, UPGRADE_FAIL_OPEN_ORDERS } from '../../protocol/bybit-v5/uta-upgrade.ts';
import { blockingDialogShown } from '../blocking-dialogs.ts';
import { createPoll } from '../poll.ts';
import { computed, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { setUserPrefs, userPrefs } from './user-prefs.ts';
import { user } from './user.ts';

export interface UpgradeDialogState {
  /** 0 asks to confirm; 1 the upgrade is in progress; 3 it failed. */
  status: 0 | 1 | 3;
  /** Waiting for the exchange's answer (and the feedback delay). */
  busy: boolean;
  /** A FAIL answer's reasons (the exchange's texts). */
  reasons: readonly string[];
  /** Result codes of a failed upgrade (the account topic's, or a refused request's). */
  codes: readonly string[];
}

export const upgradeDialog = signal<UpgradeDialogState | null>(null);

/** Tags the page learnt before the user info says them (an answer or a push), for one user. */
const tagOverride = signal<{ id: number | null; tags: MemberTags } | null>(null);

export const memberTags = computed<MemberTags>(() => {
  const u = user.value;
  const o = tagOverride.value;
  return o && o.id === u.id ? o.tags : u.memberTag;
});

export const upgradeEntryShown = computed(() => showsUpgradeEntry(user.value, memberTags.value));
export const upgradeMaskShown = computed(() => showsUpgradeMask(user.value, memberTags.value));
export const upgradeGuideShown = computed(() => showsUpgradeGuide(user.value, userPrefs.value));

/** The inverse-upgrade mask (its own): while UTA_INVERSE is PROCESS, unless closed on this page. */
const inverseClosed = signal(false);
export const inverseMaskShown = computed(
  () => user.value.userState === 1 && memberTags.value.utaInverse === 'PROCESS' && !upgradeMaskShown.value && !inverseClosed.value,
);
export function closeInverseMask(): void {
  inverseClosed.value = true;
}

/** The entry tip shows once per account (then remembered on this browser), after blocking dialogs. */
const tipKey = (id: number | null) => `spot.utaUpgradeTip.${id ?? 0}`;
const tipSeen = signal(0);
export const upgradeTipShown = computed(() => {
  void tipSeen.value;
  const u = user.value;
  return upgradeEntryShown.value && !blockingDialogShown.value && upgradeDialog.value === null && readStored(tipKey(u.id), (v): v is boolean => v === true) !== true;
});
export function dismissUpgradeTip(): void {
  writeStored(tipKey(user.peek().id), true);
  tipSeen.value++;
}

function setTags(tags: MemberTags): void {
  tagOverride.value = { id: user.peek().id, tags };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Reloads the page (the upgraded account loads as unified); tests replace it. */
export const pageReload = { run: () => window.location.reload() };

export function openUpgradeDialog(): void {
  dismissUpgradeTip();
  upgradeDialog.value = { status: 0, busy: false, reasons: [], codes: [] };
}

export function closeUpgradeDialog(): void {
  upgradeDialog.value = null;
}

/** Confirms the upgrade: FAIL shows its reasons (status 3); PROCESS closes the dialog for the mask. */
export async function confirmUpgrade(): Promise<void> {
  const d = upgradeDialog.peek();
  if (!d || d.busy) return;
  upgradeDialog.value = { ...d, busy: true };
  const started = Date.now();
  let next: UpgradeDialogState | null;
  try {
    const r = await requestUpgrade();
    await sleep(Math.max(0, started + UPGRADE_FEEDBACK_MS - Date.now()));
    if (r.status === 'FAIL') {
      setTags({ ...memberTags.peek(), uta: 'FAIL' });
      next = { status: 3, busy: false, reasons: r.reasons, codes: [] };
    } else if (r.status === 'PROCESS') {
      setTags({ ...memberTags.peek(), uta: 'PROCESS' });
      next = null;
    } else {
      pageReload.run();
      next = null;
    }
  } catch (err) {
    await sleep(Math.max(0, started + UPGRADE_FEEDBACK_MS - Date.now()));
    next = { status: 3, busy: false, reasons: [], codes: [String(err instanceof ApiError ? err.code : 'network')] };
  }
  if (upgradeDialog.peek() !== null) upgradeDialog.value = next;
}

/** Spec 4.14: the account topic's result, acted on after the feedback delay. */
export async function onUpgradePush(code: string): Promise<void> {
  await sleep(UPGRADE_FEEDBACK_MS);
  if (code === UPGRADE_PUSH_DONE) {
    pageReload.run();
  } else if (code === UPGRADE_PUSH_IN_PROGRESS) {
    setTags({ uta: 'PROCESS', utaInverse: 'PROCESS' });
    upgradeDialog.value = { status: 1, busy: false, reasons: [], codes: [] };
  } else {
    setTags({ ...memberTags.peek(), uta: 'FAIL' });
    const prev = upgradeDialog.peek();
    const codes = prev?.status === 3 ? [...prev.codes, code] : [code];
    upgradeDialog.value = { status: 3, busy: false, reasons: [], codes };
  }
}

/** The guide after a successful upgrade was read: remembered in the user's preferences. */
export async function readUpgradeGuide(): Promise<void> {
  // Closed on this page even when the server did not store it (then it shows once more next time).
  if (!(await setUserPrefs({ [UTA_GUIDE_PREF_KEY]: '1' }))) userPrefs.value = { ...(userPrefs.peek() ?? {}), [UTA_GUIDE_PREF_KEY]: '1' };
}

/** While the mask shows, the account is also re-read this often, in case the topic's push was lost (a dropped socket). */
export const UPGRADE_POLL_MS = 5000;

/**
 * Runs while the progress mask shows: reloads once the exchange says the account is unified, and
 * puts the failure in the dialog once it says FAIL. Returns the stopper.
 */
export function watchUpgrade(): () => void {
  const poll = createPoll({
    read: () => fetchUserInfo(),
    everyMs: UPGRADE_POLL_MS,
    readAtStart: false,
    initial: null,
    onData: (u) => {
      // Someone else now (a log-out or a switch meanwhile), or the answer is in: nothing more to watch.
      if (u.id !== user.peek().id) return stop();
      if (u.isUTA) {
        stop();
        return pageReload.run();
      }
      if (u.memberTag.uta === 'FAIL') {
        stop();
        setTags({ ...memberTags.peek(), uta: 'FAIL' });
        upgradeDialog.value = { status: 3, busy: false, reasons: [], codes: [] };
      }
    },
  });
  // A failed read: the next one asks again (state/poll.ts backs off).
  const stop = poll.use();
  return stop;
}
