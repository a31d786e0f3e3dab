// The mints table: every creation or destruction of money (seeding, sign-ups, demo funds,
// rewards, leveraged-token mints) has its record here, so per coin the balances of all accounts
// add up to the sum of the mints (README, "What the exchange promises"). Accounts write it when
// they seed or register; the ledger (server/private/rows/ledger.ts) when a business event mints.
import type { Db } from './db.ts';
import { fx, fxPlain, parseAmount } from '../../src/core/decimal.ts';

/** Why money was created or destroyed (the only moves that change a coin's sum over all accounts). */
export type MintReason = 'seed' | 'register' | 'demo-funds' | 'demo-take-back' | 'reward' | 'lt-purchase' | 'lt-redeem' | 'test-seed' | 'opening';

/** Writes a mint record for money created outside the ledger's own methods (seeding's inserts). */
export function recordMint(db: Db, userId: number, coin: string, delta: bigint, reason: MintReason, ref = ''): void {
  db.prepare('INSERT INTO mints (user_id, coin, amount, reason, ref, created_time) VALUES (?, ?, ?, ?, ?, ?)').run(userId, coin, fxPlain(delta), reason, ref, Date.now());
}

/** Per coin, the sum of every mint: what the balances of all accounts must add up to. */
export function mintedTotals(db: Db): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const r of db.prepare('SELECT coin, amount FROM mints').all() as Array<{ coin: string; amount: string }>) {
    out.set(r.coin, (out.get(r.coin) ?? 0n) + (fx(r.amount) ?? 0n));
  }
  return out;
}

/** Per coin, available + locked over every account. */
export function balanceTotals(db: Db): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const r of db.prepare('SELECT coin, available, locked FROM balances').all() as Array<{ coin: string; available: string; locked: string }>) {
    out.set(r.coin, (out.get(r.coin) ?? 0n) + (parseAmount(r.available) ?? 0n) + (parseAmount(r.locked) ?? 0n));
  }
  return out;
}
