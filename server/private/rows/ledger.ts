import type { Db } from '../../accounts/db.ts';
import { crashPoint } from '../../accounts/crash.ts';
import { fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { recordMint, type MintReason } from '../../accounts/mints.ts';

/** Thrown inside a transaction so the whole write rolls back. */
export class InsufficientBalance extends Error {}

export interface Balance {
  available: bigint;
  locked: bigint;
}

/**
 * Balance moves. Callers run them inside one db.transaction per business event, so a refusal
 * (InsufficientBalance) rolls back everything done for that event — nothing is half-applied.
 */
export class Ledger {
  private readonly getStmt;
  private readonly putStmt;
  /** Users whose balances changed since the last takeDirty(), for wallet pushes. */
  private readonly dirty = new Set<number>();

  constructor(private readonly db: Db) {
    this.getStmt = db.prepare('SELECT available, locked FROM balances WHERE user_id = ? AND coin = ?');
    this.putStmt = db.prepare(
      'INSERT INTO balances (user_id, coin, available, locked) VALUES (?, ?, ?, ?) ON CONFLICT(user_id, coin) DO UPDATE SET available = excluded.available, locked = excluded.locked',
    );
  }

  get(userId: number, coin: string): Balance {
    const row = this.getStmt.get(userId, coin) as { available: string; locked: string } | undefined;
    if (!row) return { available: 0n, locked: 0n };
    return { available: parseAmount(row.available) ?? 0n, locked: parseAmount(row.locked) ?? 0n };
  }

  private put(userId: number, coin: string, b: Balance): void {
    if (b.available < 0n || b.locked < 0n) throw new InsufficientBalance(`${coin} balance of ${userId} would go negative`);
    crashPoint('ledger.put');
    this.putStmt.run(userId, coin, fxPlain(b.available), fxPlain(b.locked));
    this.dirty.add(userId);
  }

  /** available → locked */
  lock(userId: number, coin: string, amt: bigint): void {
    if (amt === 0n) return;
    const b = this.get(userId, coin);
    this.put(userId, coin, { available: b.available - amt, locked: b.locked + amt });
  }

  /** locked → available */
  unlock(userId: number, coin: string, amt: bigint): void {
    if (amt === 0n) return;
    const b = this.get(userId, coin);
    this.put(userId, coin, { available: b.available + amt, locked: b.locked - amt });
  }

  /** Removes from locked (paid to a counterparty by the caller). */
  spendLocked(userId: number, coin: string, amt: bigint): void {
    if (amt === 0n) return;
    const b = this.get(userId, coin);
    this.put(userId, coin, { available: b.available, locked: b.locked - amt });
  }

  /** Adds (positive) or removes (negative) available funds. */
  adjust(userId: number, coin: string, delta: bigint): void {
    if (delta === 0n) return;
    const b = this.get(userId, coin);
    this.put(userId, coin, { available: b.available + delta, locked: b.locked });
  }

  /**
   * Creates (delta > 0) or destroys (delta < 0) money in an account, with its record in `mints`:
   * per coin, the sum over all balances equals the sum of the mints, always (README, "what the
   * exchange promises"). Call inside the business event's transaction.
   */
  mint(userId: number, coin: string, delta: bigint, reason: MintReason, ref = ''): void {
    if (delta === 0n) return;
    this.adjust(userId, coin, delta);
    recordMint(this.db, userId, coin, delta, reason, ref);
  }

  list(userId: number): Array<{ coin: string } & Balance> {
    const rows = this.db.prepare('SELECT coin, available, locked FROM balances WHERE user_id = ? ORDER BY coin').all(userId) as Array<{ coin: string; available: string; locked: string }>;
    return rows.map((r) => ({ coin: r.coin, available: parseAmount(r.available) ?? 0n, locked: parseAmount(r.locked) ?? 0n }));
  }

  /** Marks a user's wallet as changed without a balance move (a loan's interest, a margin setting). */
  touch(userId: number): void {
    this.dirty.add(userId);
  }

  takeDirty(): number[] {
    const out = [...this.dirty];
    this.dirty.clear();
    return out;
  }
}
