import { faultRoute } from '../../http/fault-api.ts';
import { isMemberTag } from '../../../src/protocol/bybit-v5/uta-upgrade.ts';
import { TERMINATE } from '../../../src/protocol/strategy.ts';
import { setUserColumn, userIdByName } from '../../accounts/users.ts';
import type { RouteContext } from '../routes/context.ts';
import { setLiability } from '../rows/margin.ts';
import { setInnovationQuota } from '../services/market-gates.ts';

/**
 * Test controls on accounts (only with --faults), each a JSON POST naming the account, so tests
 * running side by side touch only the accounts they made:
 *   /faults/uta-upgrade {name, push?, durationMs?}   the account's next upgrade pushes `push`
 *                                                 ('3400324': in progress, then '0' as usual; any
 *                                                 other code: the upgrade fails with it) and its
 *                                                 upgrades take durationMs (default 3000)
 *   /faults/liability {name, coin, amount}        set an outstanding spot liability ('0' clears it)
 *   /faults/innovation-quota {name, total}        the account's innovation quota from now on, in USDT
 *                                                 ('-1' removes it: unlimited)
 *   /faults/account-flags {name, upgradeGray?, standardOffline?, newLeader?, copyLeader?, tagUta?, tagUtaInverse?, tradingBanned?,
 *                          balancePollMs?, balancePollForced?, unified?, tradeLimitCode?, parentName?}
 *                                                 the account's gray flag, offline switch, leader
 *                                                 flags, member tags, trading ban and its unified
 *                                                 balance polling (spec 4.13); unified false
 *                                                 turns a unified account classic (its open
 *                                                 leveraged orders stay: spec 5.5's edit rule);
 *                                                 tradeLimitCode: its orders are refused with
 *                                                 that spec-8 code until it is set to 0;
 *                                                 parentName: a sub-account of that account
 *                                                 ('': a main account again)
 */
export function installAccountFaults(rc: RouteContext): void {
  const { db } = rc;
  const { upgrades, grid, strategies } = rc.services;
  // A ban closes the account's grid bots and ends its strategies (close reason: user ban).
  const onBan = (userId: number) => {
    grid.closeUserBots(userId, 'CLOSED_USER_BAN');
    strategies.terminateUser(userId, TERMINATE.userTradingBanned);
  };
  const userId = (b: Record<string, unknown>): number => {
    const id = userIdByName(db, b.name);
    if (id === undefined) throw new Error(`unknown account: ${String(b.name)}`);
    return id;
  };

  faultRoute(rc, 'uta-upgrade', (b) => {
    userId(b);
    if (b.push !== undefined && !/^\d{1,9}$/.test(b.push as string)) throw new Error('push must be a result code');
    const f = upgrades.faults.get(b.name as string) ?? {};
    if (b.push !== undefined) f.push = b.push as string;
    if (b.durationMs !== undefined) f.durationMs = b.durationMs as number;
    upgrades.faults.set(b.name as string, f);
  });

  faultRoute(rc, 'liability', (b) => {
    const id = userId(b);
    setLiability(db, id, b.coin, String(b.amount));
  });

  faultRoute(rc, 'innovation-quota', (b) => {
    setInnovationQuota(db, userId(b), b.total as string, Date.now());
  });

  const COLUMNS = {
    upgradeGray: 'uta_upgrade_gray', standardOffline: 'standard_offline', newLeader: 'is_new_leader', copyLeader: 'is_copy_leader',
    tagUta: 'member_tag_uta', tagUtaInverse: 'member_tag_uta_inverse', tradingBanned: 'trading_banned',
    balancePollMs: 'balance_poll_ms', balancePollForced: 'balance_poll_forced', unified: 'is_uta', tradeLimitCode: 'trade_limit_code',
  } as const;
  faultRoute(
    rc,
    'account-flags',
    (b) => {
      const id = userId(b);
      for (const [field, column] of Object.entries(COLUMNS)) {
        const v = b[field as keyof typeof COLUMNS];
        if (v === undefined) continue;
        if (typeof v === 'string' && !isMemberTag(v)) throw new Error(`bad ${field}`);
        setUserColumn(db, id, column, typeof v === 'boolean' ? (v ? 1 : 0) : v);
      }
      // A sub-account of another account (spec 5.13: a copy-trading leader's sub-account), or main again.
      if (b.parentName !== undefined) setUserColumn(db, id, 'parent_id', b.parentName === '' ? null : userId({ name: b.parentName }));
      // A ban closes the account's grid bots and ends its strategies (close reason: user ban).
      if (b.tradingBanned === true) onBan(id);
    },
  );
}
