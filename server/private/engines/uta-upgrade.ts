// POST /v5/account/upgrade-to-uta (spec 4.14, 7.7): a classic account asks to become unified. The
// answer is FAIL with its reasons (open orders, outstanding liabilities), or PROCESS; a few seconds
// later the account is converted in one transaction (balances untouched, the kind unified, both
// member tags SUCCESS) and the account topic user.uta.upgrade says '0'. A test may force the next
// push of an account to '3400324' (in progress) or an error code, and set how long upgrades take.
import type { Db } from '../../accounts/db.ts';
import { getUser, type UserRow } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import {
  MARGIN_STATUS_CLASSIC, MARGIN_STATUS_UTA, MARGIN_STATUS_UTA_UPGRADED, UPGRADE_FAIL_LIABILITIES, UPGRADE_FAIL_OPEN_ORDERS,
  UPGRADE_PUSH_BLOCKED, UPGRADE_PUSH_DONE, UPGRADE_PUSH_IN_PROGRESS, type UpgradeResultWire,
} from '../../../src/protocol/bybit-v5/uta-upgrade.ts';

/** How long an upgrade stays in PROCESS unless a test says otherwise. */
export const UPGRADE_MS = 3000;

/** A test's setting for one account (by name): the next upgrade's push code and the duration. */
export interface UpgradeFault {
  push?: string;
  durationMs?: number;
}

export type UpgradePushListener = (userId: number, code: string) => void;

export class UtaUpgrades {
  /** By account name, set by /faults/uta-upgrade. */
  readonly faults = new Map<string, UpgradeFault>();
  private readonly listeners: UpgradePushListener[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly db: Db,
    private readonly defaultMs = UPGRADE_MS,
  ) {}

  onPush(l: UpgradePushListener): () => void {
    this.listeners.push(l);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Upgrades interrupted by a restart finish once the exchange is up again. */
  resume(): void {
    const rows = this.db.prepare(`SELECT id FROM users WHERE is_uta = 0 AND member_tag_uta = 'PROCESS'`).all() as Array<{ id: number }>;
    for (const r of rows) this.later(r.id, this.defaultMs, UPGRADE_PUSH_DONE);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Why this classic account may not upgrade now; empty when it may. */
  blockers(userId: number): string[] {
    const out: string[] = [];
    const open = this.db.prepare(`SELECT 1 FROM orders WHERE user_id = ? AND status IN (${OPEN_STATUS_SQL}) LIMIT 1`).get(userId);
    if (open) out.push(UPGRADE_FAIL_OPEN_ORDERS);
    const owed = this.db.prepare(`SELECT 1 FROM liabilities WHERE user_id = ? AND CAST(amount AS REAL) > 0 LIMIT 1`).get(userId);
    if (owed) out.push(UPGRADE_FAIL_LIABILITIES);
    return out;
  }

  /** The endpoint: FAIL with reasons, PROCESS (starting the conversion), or SUCCESS for an account already unified. */
  request(userId: number): UpgradeResultWire {
    const user = getUser(this.db, userId);
    if (!user) throw new ApiError(ERR.PERMISSION, 'Unknown account.');
    if (user.is_demo === 1) throw new ApiError(ERR.PERMISSION, 'Demo trading accounts are unified already.');
    if (user.is_uta === 1) return { unifiedUpdateStatus: 'SUCCESS', unifiedUpdateMsg: { msg: [] } };
    if (user.member_tag_uta === 'PROCESS') return { unifiedUpdateStatus: 'PROCESS', unifiedUpdateMsg: { msg: [] } };
    const reasons = this.blockers(userId);
    if (reasons.length > 0) {
      this.setTag(userId, 'FAIL');
      return { unifiedUpdateStatus: 'FAIL', unifiedUpdateMsg: { msg: reasons } };
    }
    this.setTag(userId, 'PROCESS');
    const fault = this.faults.get(user.name);
    const push = fault?.push;
    if (fault) delete fault.push;
    const ms = fault?.durationMs ?? this.defaultMs;
    if (push === UPGRADE_PUSH_IN_PROGRESS) {
      // Still running: said at once, then the conversion finishes as usual.
      this.later(userId, 0, UPGRADE_PUSH_IN_PROGRESS);
      this.later(userId, ms, UPGRADE_PUSH_DONE);
    } else {
      this.later(userId, ms, push ?? UPGRADE_PUSH_DONE);
    }
    return { unifiedUpdateStatus: 'PROCESS', unifiedUpdateMsg: { msg: [] } };
  }

  private later(userId: number, ms: number, code: string): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.finish(userId, code);
    }, ms);
    this.timers.add(t);
  }

  /**
   * '0' converts the account; '3400324' only says it is in progress; another code fails the
   * upgrade. The rule is checked again at the end: new orders are refused while it runs
   * (market-gates.ts), but one that opened anyway (a grid bot reaching its entry price) fails the
   * upgrade with UPGRADE_PUSH_BLOCKED rather than completing it with an open order.
   */
  private finish(userId: number, pushed: string): void {
    let code = pushed;
    if (code === UPGRADE_PUSH_DONE) {
      this.db.transaction(() => {
        const u = getUser(this.db, userId);
        if (!u || u.is_uta === 1) return;
        if (this.blockers(userId).length > 0) {
          code = UPGRADE_PUSH_BLOCKED;
          this.setTag(userId, 'FAIL');
          return;
        }
        this.db
          .prepare(`UPDATE users SET is_uta = 1, member_tag_uta = 'SUCCESS', member_tag_uta_inverse = 'SUCCESS', uta_upgraded_at = ? WHERE id = ?`)
          .run(Date.now(), userId);
      })();
    } else if (code !== UPGRADE_PUSH_IN_PROGRESS) {
      this.setTag(userId, 'FAIL');
    }
    for (const l of this.listeners) l(userId, code);
  }

  private setTag(userId: number, tag: string): void {
    this.db.prepare('UPDATE users SET member_tag_uta = ? WHERE id = ?').run(tag, userId);
  }
}

/** GET /v5/account/info for the account (docs/v5/account/account-info.mdx). */
export function accountInfo(user: UserRow | undefined): Record<string, unknown> {
  if (!user) throw new ApiError(ERR.PERMISSION, 'Unknown account.');
  const status = user.is_uta !== 1 ? MARGIN_STATUS_CLASSIC : user.uta_upgraded_at !== null ? MARGIN_STATUS_UTA_UPGRADED : MARGIN_STATUS_UTA;
  return {
    unifiedMarginStatus: status, marginMode: 'REGULAR_MARGIN', isMasterTrader: user.is_copy_leader === 1, spotHedgingStatus: 'OFF',
    updatedTime: String(user.uta_upgraded_at ?? user.created_at), dcpStatus: 'OFF', timeWindow: 0, smpGroup: 0,
  };
}
