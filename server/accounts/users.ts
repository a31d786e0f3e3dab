import type { Db } from './db.ts';
import { REGISTER_BALANCES, SEED_USERS, type Role } from './seed.ts';
import { amount } from '../../src/core/decimal.ts';
import { recordMint } from './mints.ts';

export interface UserRow {
  id: number;
  name: string;
  role: Role;
  is_uta: number;
  is_demo: number;
  parent_id: number | null;
  is_copy_leader: number;
  is_new_leader: number;
  is_eaa: number;
  is_system: number;
  member_tag_uta: string;
  member_tag_uta_inverse: string;
  created_at: number;
  uta_upgrade_gray: number;
  uta_upgraded_at: number | null;
  standard_offline: number;
  balance_poll_ms: number;
  balance_poll_forced: number;
}

export function getUser(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function getUserByName(db: Db, name: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE name = ?').get(name) as UserRow | undefined;
}

/** The id of the account with this name (test controls name accounts). */
export function userIdByName(db: Db, name: unknown): number | undefined {
  return (db.prepare('SELECT id FROM users WHERE name = ?').get(name) as { id: number } | undefined)?.id;
}

/** Sets one flag or tag column of a user (the test controls' /faults/account-flags). */
export function setUserColumn(db: Db, id: number, column: string, value: unknown): void {
  db.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(value, id);
}

/** The seeded test accounts (server/accounts/seed.ts) a person may log in as: not the system ones. */
const LOGIN_IDS: readonly number[] = SEED_USERS.filter((u) => !u.system).map((u) => u.id);

/**
 * Accounts the login page lists and logs in as: the seeded test accounts only. An account someone
 * registered is theirs, reached through the session its sign-up started: it is neither listed to
 * every visitor nor open to anyone who posts its id (issue 30).
 */
export function listLoginUsers(db: Db): UserRow[] {
  return db.prepare(`SELECT * FROM users WHERE is_system = 0 AND id IN (${LOGIN_IDS.map(() => '?').join(',')}) ORDER BY id`).all(...LOGIN_IDS) as UserRow[];
}

export function isLoginUser(user: UserRow): boolean {
  return user.is_system === 0 && LOGIN_IDS.includes(user.id);
}

export const USER_NAME_RE = /^[A-Za-z0-9_-]{3,32}$/;

export class RegisterError extends Error {}

/** Creates a user with the starting balances; one transaction, so never a user without money. */
/** A new account: unified, classic, or a (unified) demo-trading account. */
export function registerUser(db: Db, name: string, kind: 'uta' | 'classic' | 'demo', now = Date.now()): UserRow {
  if (!USER_NAME_RE.test(name)) throw new RegisterError('Name must be 3-32 letters, digits, - or _.');
  return db.transaction(() => {
    if (db.prepare('SELECT 1 FROM users WHERE name = ?').get(name)) throw new RegisterError('That name is taken.');
    const maxId = (db.prepare('SELECT MAX(id) AS m FROM users').get() as { m: number | null }).m ?? 0;
    const id = Math.max(maxId + 1, 200001);
    const isUta = kind !== 'classic';
    db.prepare(
      `INSERT INTO users (id, name, role, is_uta, is_demo, member_tag_uta, created_at) VALUES (?, ?, 'registered', ?, ?, ?, ?)`,
    ).run(id, name, isUta ? 1 : 0, kind === 'demo' ? 1 : 0, isUta ? 'SUCCESS' : '', now);
    const ins = db.prepare('INSERT INTO balances (user_id, coin, available, locked) VALUES (?, ?, ?, ?)');
    for (const [coin, amt] of Object.entries(REGISTER_BALANCES)) {
      ins.run(id, coin, amt, '0');
      recordMint(db, id, coin, amount(amt), 'register');
    }
    return getUser(db, id)!;
  })();
}

/** Preference keys that feed user-info's double_confirm flags. */
const DOUBLE_CONFIRM_KEYS = ['notifyClose', 'tradeNotifyClose', 'successAudio', 'chartModify'] as const;

function flag(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

/** The spec's User entity (section 3) for a logged-in user, or the anonymous shape. */
export function userInfo(db: Db, user: UserRow | undefined): Record<string, unknown> {
  if (!user) {
    return {
      userState: -1, isLogin: false, id: 0, isUTA: false, isDemoAccount: false, unified_account: 0,
      is_copy_trading_leader: false, is_new_leader: false, member_tag: { UTA: '', UTA_INVERSE: '' },
      double_confirm: { notifyClose: true, tradeNotifyClose: false, successAudio: false, chartModify: true },
      isSubAccount: false, parentUid: 0, isEAA: false, nickName: '', accountType: '',
      uta_upgrade_gray: false, uta_upgraded_at: 0, standard_offline_switch: false,
    };
  }
  const rows = db
    .prepare(`SELECT key, value FROM preferences WHERE user_id = ? AND key IN (${DOUBLE_CONFIRM_KEYS.map(() => '?').join(',')})`)
    .all(user.id, ...DOUBLE_CONFIRM_KEYS) as Array<{ key: string; value: string }>;
  const prefs = new Map(rows.map((r) => [r.key, r.value]));
  return {
    userState: 1,
    isLogin: true,
    id: user.id,
    isUTA: user.is_uta === 1,
    isDemoAccount: user.is_demo === 1,
    unified_account: user.is_uta === 1 ? 2 : 0,
    is_copy_trading_leader: user.is_copy_leader === 1,
    is_new_leader: user.is_new_leader === 1,
    member_tag: { UTA: user.member_tag_uta, UTA_INVERSE: user.member_tag_uta_inverse },
    double_confirm: {
      // Cancel all asks first unless the user turned it off (issue 32: on by default).
      notifyClose: prefs.get('notifyClose') !== 'false',
      tradeNotifyClose: flag(prefs.get('tradeNotifyClose')),
      successAudio: flag(prefs.get('successAudio')),
      // Local extension: a chart drag asks before it modifies an order unless the user said not to.
      chartModify: prefs.get('chartModify') !== 'false',
    },
    isSubAccount: user.parent_id !== null,
    parentUid: user.parent_id ?? 0,
    isEAA: user.is_eaa === 1,
    nickName: user.name,
    accountType: user.is_uta === 1 ? 'UNIFIED' : 'CLASSIC',
    role: user.role,
    // Spec 4.14's gray flag: the account is in the upgrade's pilot group.
    uta_upgrade_gray: user.uta_upgrade_gray === 1,
    // When a classic account became unified here (0: never upgraded): the page's one-time guide.
    uta_upgraded_at: user.uta_upgraded_at ?? 0,
    // Spec 5.13's offline switch: classic accounts of this cohort are being phased out.
    standard_offline_switch: user.standard_offline === 1,
    // Spec 4.13: how often the page reads the unified balance, and whether it keeps reading after
    // the first answer (forced) or lets the wallet push replace it; unified accounts only.
    unified_balance_poll: user.is_uta === 1 ? { interval: user.balance_poll_ms, forced: user.balance_poll_forced === 1 } : null,
  };
}
