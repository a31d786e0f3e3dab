import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.ts';
import { crashPoint } from './crash.ts';

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
  trackCommits(db);
  migrate(db);
  return db;
}

interface CommitState {
  depth: number;
  after: Array<() => void>;
}
const commitState = new WeakMap<Db, CommitState>();

/**
 * Every `db.transaction(fn)` of this database reports its outcome: callbacks given to afterCommit
 * inside it run once the outermost transaction has committed, and are dropped with whatever part
 * of it rolls back (a nested transaction is a savepoint; its callbacks go with it). So a push, a
 * timer or anything else that tells the world about a change happens only after the change is on
 * disk: a crash between the two loses the message, never makes it say something that did not happen.
 */
function trackCommits(db: Db): void {
  const state: CommitState = { depth: 0, after: [] };
  commitState.set(db, state);
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const tx = transaction(fn);
    const run = (...args: unknown[]): unknown => {
      const mark = state.after.length;
      state.depth++;
      let ok = false;
      try {
        const out = tx(...args);
        ok = true;
        return out;
      } finally {
        state.depth--;
        if (!ok) state.after.length = mark;
        else if (state.depth === 0) crashPoint('db.committed');
        if (state.depth === 0) {
          const due = state.after.splice(0);
          if (ok) for (const f of due) f();
        }
      }
    };
    return Object.assign(run, { default: run, deferred: tx.deferred, immediate: tx.immediate, exclusive: tx.exclusive, database: db });
  }) as unknown as Db['transaction'];
}

/** Runs `f` once what is being written now has committed: at once outside a transaction. */
export function afterCommit(db: Db, f: () => void): void {
  const state = commitState.get(db);
  if (!state || state.depth === 0) f();
  else state.after.push(f);
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
