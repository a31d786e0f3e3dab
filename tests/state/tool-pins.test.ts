import { afterEach, describe, expect, test } from 'vitest';
import { ANONYMOUS, type UserInfo } from '../../src/core/user-info.ts';
import { startToolRules, toolsShown } from '../../src/state/trading/tool-pins.ts';
import { activeTool, openTool, toolPreview } from '../../src/state/trading/tools.ts';
import { user } from '../../src/state/account/user.ts';

// Spec 5.13's tool pins and 2.2's sub-account rule (issue 17 item 5).
const as = (u: Partial<UserInfo>) => (user.value = { ...ANONYMOUS, userState: 1, id: 1, ...u });
const shown = () => [...toolsShown.value].sort();

afterEach(() => {
  user.value = ANONYMOUS;
  activeTool.value = null;
  toolPreview.value = null;
});

describe('tool pins', () => {
  test('unified non-demo: the split tools and the grid bot; no future spread', () => {
    as({ isUTA: true });
    expect(shown()).toEqual(['autoInvest', 'chase', 'gridBot', 'iceberg', 'otc', 'scaledOrder', 'twap']);
  });
  test('classic: no split tools', () => {
    as({ isUTA: false });
    expect(shown()).toEqual(['autoInvest', 'gridBot', 'otc']);
  });
  test('demo: no grid bot, no split tools; the future spread', () => {
    as({ isUTA: true, isDemoAccount: true });
    expect(shown()).toEqual(['autoInvest', 'futureSpread', 'otc']);
  });
  test('copy-trading leader: grid bot and the leader centre; a leader\'s sub-account: no grid bot; sub-account: no auto-invest', () => {
    as({ isUTA: true, isCopyTradingLeader: true });
    expect(shown()).toContain('gridBot');
    expect(shown()).toContain('leaderCentre');
    as({ isUTA: true, isSubAccount: true });
    expect(shown()).not.toContain('autoInvest');
    expect(shown()).toContain('gridBot');
    expect(shown()).not.toContain('leaderCentre');
    as({ isUTA: true, isSubAccount: true, isCopyTradingLeader: true });
    expect(shown()).toEqual(['chase', 'iceberg', 'leaderCentre', 'otc', 'scaledOrder', 'twap']);
  });
});

describe('rules while the Tools tab shows', () => {
  test('a change to a sub-account sends the page back to Trade; the account it started with does not', () => {
    let toTrade = 0;
    as({ isUTA: true, isSubAccount: true, id: 4 });
    const stop = startToolRules(() => toTrade++);
    expect(toTrade).toBe(0);
    as({ isUTA: true, id: 1 });
    expect(toTrade).toBe(0);
    as({ isUTA: true, isSubAccount: true, id: 4 });
    expect(toTrade).toBe(1);
    stop();
  });
  test('an open grid-bot form closes when the account becomes one without grid bots', () => {
    as({ isUTA: true });
    const stop = startToolRules();
    openTool('gridBot');
    toolPreview.value = { lines: [], band: null };
    as({ isUTA: true, isDemoAccount: true, id: 3 });
    expect(activeTool.value).toBeNull();
    expect(toolPreview.value).toBeNull();
    stop();
  });
});
