// Spec 4.14: what the upgrade dialog says after the exchange's answer, and what the account
// topic's results do, each after the 1 s feedback delay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { user } from '../../src/state/account/user.ts';
import {
  closeUpgradeDialog, confirmUpgrade, memberTags, onUpgradePush, openUpgradeDialog, pageReload, upgradeDialog, upgradeEntryShown, upgradeMaskShown,
} from '../../src/state/account/uta-upgrade.ts';
import { blockingDialogShown, holdBlockingDialog } from '../../src/state/blocking-dialogs.ts';

let answer: unknown;
let reloads = 0;
beforeEach(() => {
  vi.useFakeTimers();
  reloads = 0;
  pageReload.run = () => void reloads++;
  user.value = { ...ANONYMOUS, userState: 1, id: 7, upgradeGray: true };
  closeUpgradeDialog();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  user.value = ANONYMOUS;
});

const result = (unifiedUpdateStatus: string, msg: string[] = []) => ({ retCode: 0, retMsg: 'OK', result: { unifiedUpdateStatus, unifiedUpdateMsg: { msg } } });

describe('upgrade dialog', () => {
  it('FAIL shows status 3 with the reasons, no sooner than 1 s after the click', async () => {
    answer = result('FAIL', ['r1']);
    openUpgradeDialog();
    const done = confirmUpgrade();
    await vi.advanceTimersByTimeAsync(999);
    expect(upgradeDialog.value).toMatchObject({ status: 0, busy: true });
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(upgradeDialog.value).toEqual({ status: 3, busy: false, reasons: ['r1'], codes: [] });
    expect(memberTags.value.uta).toBe('FAIL');
    expect(upgradeEntryShown.value).toBe(true);
  });

  it('PROCESS closes the dialog for the progress mask', async () => {
    answer = result('PROCESS');
    openUpgradeDialog();
    const done = confirmUpgrade();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(upgradeDialog.value).toBeNull();
    expect(upgradeMaskShown.value).toBe(true);
    expect(upgradeEntryShown.value).toBe(false);
  });

  it('a refused request shows status 3 with its code', async () => {
    answer = { retCode: 10005, retMsg: 'no', result: {} };
    openUpgradeDialog();
    const done = confirmUpgrade();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(upgradeDialog.value).toMatchObject({ status: 3, codes: ['10005'] });
  });
});

describe('user.uta.upgrade results', () => {
  it("'0' reloads the page after 1 s", async () => {
    const p = onUpgradePush('0');
    await vi.advanceTimersByTimeAsync(999);
    expect(reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(reloads).toBe(1);
  });
  it("'3400324' sets both tags to PROCESS and opens the dialog in progress status 1", async () => {
    const p = onUpgradePush('3400324');
    await vi.advanceTimersByTimeAsync(1000);
    await p;
    expect(memberTags.value).toEqual({ uta: 'PROCESS', utaInverse: 'PROCESS' });
    expect(upgradeDialog.value).toMatchObject({ status: 1 });
  });
  it('other codes: error status 3 listing the codes', async () => {
    const p = onUpgradePush('3400250');
    await vi.advanceTimersByTimeAsync(1000);
    await p;
    const q = onUpgradePush('3400251');
    await vi.advanceTimersByTimeAsync(1000);
    await q;
    expect(upgradeDialog.value).toMatchObject({ status: 3, codes: ['3400250', '3400251'] });
  });
});

describe('blocking dialogs (spec 5.13)', () => {
  it('held while any is open, released once each', () => {
    const a = holdBlockingDialog('risk');
    const b = holdBlockingDialog('upgradeGuide');
    expect(blockingDialogShown.value).toBe(true);
    a();
    a();
    expect(blockingDialogShown.value).toBe(true);
    b();
    expect(blockingDialogShown.value).toBe(false);
  });
});

describe('the account topic on the private stream', () => {
  it('decodes user.uta.upgrade pushes into their result code', async () => {
    const { decodePrivateMessage } = await import('../../src/protocol/bybit-v5/private.ts');
    const { encodeUpgradePush } = await import('../../src/protocol/bybit-v5/uta-upgrade.ts');
    expect(decodePrivateMessage(encodeUpgradePush('1', 1, '3400324'), 'classic')).toEqual({ type: 'utaUpgrade', code: '3400324' });
    expect(decodePrivateMessage(JSON.stringify({ topic: 'user.uta.upgrade', data: 0 }), 'classic')).toEqual({ type: 'utaUpgrade', code: '0' });
    expect(decodePrivateMessage(JSON.stringify({ topic: 'user.uta.upgrade', data: {} }), 'classic')).toBeNull();
  });
});

describe('while the mask shows', () => {
  it('re-reads the account every 5 s and reloads once it is unified, in case the push was lost', async () => {
    const { watchUpgrade } = await import('../../src/state/account/uta-upgrade.ts');
    let unified = false;
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ result: { userState: 1, id: 7, isUTA: unified, member_tag: { UTA: unified ? 'SUCCESS' : 'PROCESS' } } }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const stop = watchUpgrade();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reloads).toBe(0);
    unified = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reloads).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reloads).toBe(1);
    stop();
  });
});
