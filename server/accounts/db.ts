import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.ts';

export type Db = Database.Database;

export const DB_FILE = 'accounts.sqlite';

/** Opens (creating when missing) the accounts database under `dataDir` and brings its schema up to date. */
export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  // WAL: readers never block the writer, and a crash loses at most the open transaction.
  db.pragma('journal_mode = WAL');
  // FULL: a committed trade survives a power cut too, not just a process kill.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies the migrations this file has not seen yet, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/** Next value of a named, persisted counter (order ids, sequence numbers) — survives restarts. */
export function nextCounter(db: Db, name: string, start: number): number {
  const row = db.prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number } | undefined;
  const next = row ? row.value + 1 : start;
  db.prepare('INSERT INTO counters(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value').run(name, next);
  return next;
}
