// The order history's query reads one account's orders through an index in its order
// (user, newest first), not every order of the account sorted (issue 21: 10,000-order histories).
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/accounts/db.ts';
import { orderHistory, realtimeOrders } from '../../server/private/services/queries.ts';
import { removeDir, tempDir } from './helpers.ts';

/** The query plans of the statements `run` prepares. */
function plansOf(db: Db, run: () => void): string[] {
  const seen: Array<{ sql: string; args: unknown[] }> = [];
  const prepare = db.prepare.bind(db);
  const spy = ((sql: string) => {
    const st = prepare(sql);
    return new Proxy(st, {
      get(target, key) {
        if (key === 'all' || key === 'get') return (...args: unknown[]) => (seen.push({ sql, args }), (target as never as Record<string, (...a: unknown[]) => unknown>)[key]!(...args));
        const v = Reflect.get(target, key);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  }) as Db['prepare'];
  (db as { prepare: Db['prepare'] }).prepare = spy;
  try {
    run();
  } finally {
    (db as { prepare: Db['prepare'] }).prepare = prepare;
  }
  return seen.map(({ sql, args }) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail).join(' | '));
}

describe('order queries use their index', () => {
  it('GET /v5/order/history walks orders_user_created with no sort step', () => {
    const dir = tempDir();
    const db = openDb(dir);
    try {
      for (const q of ['category=spot&limit=50', 'category=spot&symbol=BTCUSDT&limit=50&cursor=page_args%3D50']) {
        const plans = plansOf(db, () => orderHistory(db, 1, new URLSearchParams(q)));
        expect(plans).toHaveLength(1);
        expect(plans[0], q).toContain('orders_user_created');
        expect(plans[0], q).not.toContain('TEMP B-TREE');
      }
      // Open orders keep their own (status) index.
      expect(plansOf(db, () => realtimeOrders(db, 1, new URLSearchParams('category=spot&limit=50')))[0]).toContain('USING INDEX');
    } finally {
      db.close();
      removeDir(dir);
    }
  });
});
