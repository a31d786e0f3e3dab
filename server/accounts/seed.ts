import type { Db } from './db.ts';
import { SYMBOLS } from '../exchange/symbols.ts';
import { amount } from '../../src/core/decimal.ts';
import { balanceTotals, recordMint } from './mints.ts';

/** What a seeded or registered account is; the page's role switches (spec 6) follow from it. */
export type Role = 'uta' | 'classic' | 'demo' | 'sub' | 'copy_leader' | 'eaa' | 'registered' | 'fees' | 'liquidity';

export interface SeedUser {
  id: number;
  name: string;
  role: Role;
  isUta: boolean;
  isDemo?: boolean;
  parentId?: number;
  copyLeader?: boolean;
  newLeader?: boolean;
  eaa?: boolean;
  system?: boolean;
  memberTagUta: '' | 'FAIL' | 'PROCESS' | 'SUCCESS';
  memberTagUtaInverse: '' | 'FAIL' | 'PROCESS' | 'SUCCESS';
  balances: Record<string, string>;
  /** Fixed, documented local-only credentials (never use these anywhere real). */
  apiKey?: { key: string; secret: string };
}

/** Collects every trading fee, so "sum of balances + fees" is checkable per asset. */
export const FEE_ACCOUNT_ID = 1;
/** Counterparty of fills against the simulated market's own liquidity. */
export const LIQUIDITY_ACCOUNT_ID = 2;

const STANDARD_BALANCES: Record<string, string> = {
  USDT: '100000',
  USDC: '20000',
  BTC: '2',
  ETH: '20',
  SOL: '300',
  XRP: '20000',
  BTC3L: '1000',
  PEPE: '500000000',
  NEW: '1000',
};
/**
 * The liquidity account is deep enough that no test stream can drain it, in every coin a listed
 * pair trades (a coin it lacks would fail every fill of that pair against the simulated market).
 */
const DEEP_BALANCES: Record<string, string> = Object.fromEntries(
  SYMBOLS.flatMap((s) => [
    [s.base, s.startPrice < 0.001 ? '100000000000000000' : '1000000000000'],
    [s.quote, '1000000000000'],
  ]),
);

/** Gives the liquidity account the coins of pairs listed after its database was seeded. */
export function ensureMarketLiquidity(db: Db): void {
  const ins = db.prepare(`INSERT INTO balances (user_id, coin, available, locked) VALUES (?, ?, ?, '0') ON CONFLICT(user_id, coin) DO NOTHING`);
  db.transaction(() => {
    for (const [coin, amt] of Object.entries(DEEP_BALANCES)) {
      if (ins.run(LIQUIDITY_ACCOUNT_ID, coin, amt).changes > 0) recordMint(db, LIQUIDITY_ACCOUNT_ID, coin, amount(amt), 'seed');
    }
  })();
}
/** What /register gives a new account. */
export const REGISTER_BALANCES: Record<string, string> = { USDT: '10000', BTC: '0.1', ETH: '1' };

export const SEED_USERS: readonly SeedUser[] = [
  { id: FEE_ACCOUNT_ID, name: 'fees', role: 'fees', isUta: true, system: true, memberTagUta: '', memberTagUtaInverse: '', balances: {} },
  { id: LIQUIDITY_ACCOUNT_ID, name: 'market', role: 'liquidity', isUta: true, system: true, memberTagUta: '', memberTagUtaInverse: '', balances: DEEP_BALANCES },
  {
    id: 100001, name: 'alice', role: 'uta', isUta: true, memberTagUta: 'SUCCESS', memberTagUtaInverse: 'SUCCESS', balances: STANDARD_BALANCES,
    apiKey: { key: 'LOCALALICEKEY00001', secret: 'local-alice-secret-0000000000000001' },
  },
  {
    id: 100002, name: 'bob', role: 'classic', isUta: false, memberTagUta: '', memberTagUtaInverse: '', balances: STANDARD_BALANCES,
    apiKey: { key: 'LOCALBOBKEY0000002', secret: 'local-bob-secret-00000000000000002' },
  },
  {
    id: 100003, name: 'demo', role: 'demo', isUta: true, isDemo: true, memberTagUta: 'SUCCESS', memberTagUtaInverse: '', balances: { USDT: '50000', BTC: '1', ETH: '10' },
    apiKey: { key: 'LOCALDEMOKEY000003', secret: 'local-demo-secret-0000000000000003' },
  },
  {
    id: 100004, name: 'alice-sub', role: 'sub', isUta: true, parentId: 100001, memberTagUta: 'SUCCESS', memberTagUtaInverse: '', balances: { USDT: '5000', BTC: '0.1' },
    apiKey: { key: 'LOCALSUBKEY0000004', secret: 'local-sub-secret-00000000000000004' },
  },
  {
    id: 100005, name: 'leader', role: 'copy_leader', isUta: true, copyLeader: true, newLeader: true, memberTagUta: 'SUCCESS', memberTagUtaInverse: 'PROCESS', balances: STANDARD_BALANCES,
    apiKey: { key: 'LOCALLEADERKEY0005', secret: 'local-leader-secret-00000000000005' },
  },
  {
    id: 100006, name: 'eaa', role: 'eaa', isUta: true, eaa: true, memberTagUta: 'SUCCESS', memberTagUtaInverse: '', balances: STANDARD_BALANCES,
    apiKey: { key: 'LOCALEAAKEY0000006', secret: 'local-eaa-secret-00000000000000006' },
  },
];

/** Inserts the seed users, their balances and keys when the database has no users yet. */
export function seedIfEmpty(db: Db, now = Date.now()): boolean {
  const count = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  if (count > 0) {
    recordOpeningMints(db);
    return false;
  }
  const insUser = db.prepare(
    `INSERT INTO users (id, name, role, is_uta, is_demo, parent_id, is_copy_leader, is_new_leader, is_eaa, is_system, member_tag_uta, member_tag_uta_inverse, created_at)
     VALUES (@id, @name, @role, @isUta, @isDemo, @parentId, @copyLeader, @newLeader, @eaa, @system, @memberTagUta, @memberTagUtaInverse, @now)`,
  );
  const insBal = db.prepare('INSERT INTO balances (user_id, coin, available, locked) VALUES (?, ?, ?, ?)');
  const insKey = db.prepare('INSERT INTO api_keys (api_key, secret, user_id, label, created_at) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const u of SEED_USERS) {
      insUser.run({
        id: u.id, name: u.name, role: u.role, isUta: u.isUta ? 1 : 0, isDemo: u.isDemo ? 1 : 0, parentId: u.parentId ?? null,
        copyLeader: u.copyLeader ? 1 : 0, newLeader: u.newLeader ? 1 : 0, eaa: u.eaa ? 1 : 0, system: u.system ? 1 : 0,
        memberTagUta: u.memberTagUta, memberTagUtaInverse: u.memberTagUtaInverse, now,
      });
      for (const [coin, amt] of Object.entries(u.balances)) {
        insBal.run(u.id, coin, amt, '0');
        recordMint(db, u.id, coin, amount(amt), 'seed');
      }
      if (u.apiKey) insKey.run(u.apiKey.key, u.apiKey.secret, u.id, 'seeded local test key', now);
    }
    // The seeded classic account is in the upgrade's pilot group (spec 4.14's gray flag).
    db.prepare(`UPDATE users SET uta_upgrade_gray = 1 WHERE role = 'classic'`).run();
  })();
  return true;
}

/** A database from before mints were recorded: its balances as they are become the opening mints. */
export function recordOpeningMints(db: Db): void {
  if (db.prepare('SELECT 1 FROM mints LIMIT 1').get()) return;
  db.transaction(() => {
    for (const [coin, total] of balanceTotals(db)) recordMint(db, 0, coin, total, 'opening');
  })();
}
