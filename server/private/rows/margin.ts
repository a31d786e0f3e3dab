// Rows of spot margin that the test controls write or read directly (the margin engine,
// engines/margin.ts, keeps its own loans and settings).
import type { Db } from '../../accounts/db.ts';

/** Sets the account's outstanding loan of a coin ('0' clears it). */
export function setLiability(db: Db, userId: number, coin: unknown, amount: string): void {
  db.prepare('INSERT INTO liabilities (user_id, coin, amount) VALUES (?, ?, ?) ON CONFLICT(user_id, coin) DO UPDATE SET amount = excluded.amount').run(userId, coin, amount);
}

/** The account's liquidations in order, each with the MM rate that triggered it and its recorded detail. */
export function liquidationsOf(db: Db, userId: number): Array<{ mm_rate: string; detail: string; created_time: number }> {
  return db.prepare('SELECT mm_rate, detail, created_time FROM liquidations WHERE user_id = ? ORDER BY id').all(userId) as Array<{ mm_rate: string; detail: string; created_time: number }>;
}
