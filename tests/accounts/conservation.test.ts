import { afterAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { openDb, type Db } from '../../server/accounts/db.ts';
import { seedIfEmpty } from '../../server/accounts/seed.ts';
import { standaloneEngines } from '../../server/compose.ts';
import { TradingService } from '../../server/private/engines/trading.ts';
import { planCreate } from '../../server/private/services/validate.ts';
import { ApiError } from '../../server/auth/errors.ts';
import type { OrderRow } from '../../server/private/rows/orders.ts';
import { removeDir, tempDir, toUnits, totals } from './helpers.ts';

const USERS = [100001, 100002, 100005, 100006];
const dirs: string[] = [];
let executions = 0;
let triggered = 0;
afterAll(() => dirs.forEach(removeDir));

/** Per user and coin, locked must equal what that user's open orders say they hold. */
function lockedMatchesOrders(db: Db): void {
  const locks = new Map<string, bigint>();
  for (const o of db.prepare(`SELECT * FROM orders WHERE status IN ('New','PartiallyFilled','Untriggered','Triggered')`).all() as OrderRow[]) {
    if (o.lock_coin === '') continue;
    const k = `${o.user_id}/${o.lock_coin}`;
    locks.set(k, (locks.get(k) ?? 0n) + toUnits(o.lock_amount));
  }
  for (const b of db.prepare('SELECT user_id, coin, available, locked FROM balances').all() as Array<{ user_id: number; coin: string; available: string; locked: string }>) {
    expect(b.available.startsWith('-'), `${b.user_id} ${b.coin} available ${b.available}`).toBe(false);
    expect(b.locked.startsWith('-'), `${b.user_id} ${b.coin} locked ${b.locked}`).toBe(false);
    expect(toUnits(b.locked), `locked of ${b.user_id}/${b.coin}`).toBe(locks.get(`${b.user_id}/${b.coin}`) ?? 0n);
  }
}

const user = fc.constantFrom(...USERS);
const side = fc.constantFrom('Buy', 'Sell');
/** Prices within a few dollars of 97,000 so orders from different users cross often. */
const price = fc.integer({ min: 9_699_000, max: 9_701_000 }).map((t) => (t / 100).toFixed(2));
const qty = fc.integer({ min: 48, max: 400_000 }).map((l) => (l / 1e6).toFixed(6));
const command = fc.oneof(
  fc.record({ t: fc.constant('limit' as const), user, side, price, qty, tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'PostOnly') }),
  fc.record({ t: fc.constant('market' as const), user, side, qty, byQuote: fc.boolean() }),
  fc.record({ t: fc.constant('stop' as const), user, side, price, qty, filter: fc.constantFrom('StopOrder', 'tpslOrder') }),
  fc.record({ t: fc.constant('liquidity' as const), side, price, qty }),
  fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('amend' as const), pick: fc.nat(), price, qty }),
);

describe('conservation over random order streams', () => {
  test('per asset, balances + fees never change and nothing goes negative', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 10, maxLength: 60 }), (cmds) => {
        const dir = tempDir();
        dirs.push(dir);
        const db = openDb(dir);
        seedIfEmpty(db);
        const engines = standaloneEngines();
        const trading = new TradingService(db, engines);
        trading.start();
        const before = totals(db);
        const engine = engines('BTCUSDT')!;
        try {
          for (const c of cmds) {
            try {
              if (c.t === 'limit') {
                trading.create(c.user, planCreate({ category: 'spot', symbol: 'BTCUSDT', side: c.side, orderType: 'Limit', qty: c.qty, price: c.price, timeInForce: c.tif }));
              } else if (c.t === 'market') {
                const q = c.byQuote ? (Number(c.qty) * 97000).toFixed(2) : c.qty;
                trading.create(c.user, planCreate({ category: 'spot', symbol: 'BTCUSDT', side: c.side, orderType: 'Market', qty: q, marketUnit: c.byQuote ? 'quoteCoin' : 'baseCoin' }));
              } else if (c.t === 'stop') {
                trading.create(c.user, planCreate({ category: 'spot', symbol: 'BTCUSDT', side: c.side, orderType: 'Limit', qty: c.qty, price: c.price, triggerPrice: c.price, orderFilter: c.filter }));
              } else if (c.t === 'liquidity') {
                engine.submit({ type: 'Limit', side: c.side as 'Buy', priceTicks: Math.round(Number(c.price) * 100), qtyLots: Math.round(Number(c.qty) * 1e6), timeInForce: 'GTC' });
              } else {
                const open = db.prepare(`SELECT * FROM orders WHERE status IN ('New','PartiallyFilled','Untriggered') ORDER BY order_id`).all() as OrderRow[];
                if (open.length === 0) continue;
                const row = open[c.pick % open.length]!;
                if (c.t === 'cancel') trading.cancel(row);
                else trading.amend(row, { qty: toUnits(c.qty), ...(row.order_type === 'Limit' ? { price: toUnits(c.price) } : {}) });
              }
            } catch (err) {
              // Refusals (insufficient balance, below minimum…) are expected; anything else is a bug.
              if (!(err instanceof ApiError)) throw err;
            }
            lockedMatchesOrders(db);
          }
          expect(totals(db)).toEqual(before);
          executions += (db.prepare('SELECT COUNT(*) AS n FROM executions').get() as { n: number }).n;
          triggered += (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE stop_order_type != '' AND status != 'Untriggered' AND status != 'Deactivated'`).get() as { n: number }).n;
        } finally {
          trading.stop();
          db.close();
        }
      }),
      { numRuns: 40 },
    );
    // The streams must actually trade and trigger, or conservation would hold vacuously.
    expect(executions).toBeGreaterThan(100);
    expect(triggered).toBeGreaterThan(5);
  });
});
