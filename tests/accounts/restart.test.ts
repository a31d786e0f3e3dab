import { describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDb } from '../../server/accounts/db.ts';
import { ALICE, BOB, removeDir, signed, startTestServer, tempDir, toUnits, totals } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function dump(db: import('../../server/accounts/db.ts').Db) {
  return {
    orders: db.prepare('SELECT * FROM orders ORDER BY order_id').all(),
    executions: db.prepare('SELECT * FROM executions ORDER BY exec_id').all(),
    balances: db.prepare('SELECT * FROM balances ORDER BY user_id, coin').all(),
  };
}

describe('restart on the same data dir', () => {
  test('no order, execution or balance is lost; resting orders trade again; ids keep counting', async () => {
    const dir = tempDir();
    try {
      let s = await startTestServer({ dataDir: dir });
      const body = { category: 'spot', symbol: 'BTCUSDT' };
      const sell = await signed(s.url, BOB, 'POST', '/v5/order/create', { ...body, side: 'Sell', orderType: 'Limit', qty: '0.5', price: '97000', orderLinkId: 'keep-1' });
      await signed(s.url, ALICE, 'POST', '/v5/order/create', { ...body, side: 'Buy', orderType: 'Limit', qty: '0.2', price: '97000' });
      const stop = await signed(s.url, ALICE, 'POST', '/v5/order/create', { ...body, side: 'Buy', orderType: 'Limit', qty: '0.1', price: '99000', triggerPrice: '98500', orderFilter: 'StopOrder' });
      const cookieRes = await fetch(`${s.url}/login`, {
        method: 'POST', redirect: 'manual', headers: { origin: s.origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'user_id=100001&redirect_url=/',
      });
      const cookie = cookieRes.headers.get('set-cookie')!.split(';')[0]!;
      const before = dump(s.db);
      const totalsBefore = totals(s.db);
      expect(before.executions.length).toBe(2);
      await s.stop();

      s = await startTestServer({ dataDir: dir });
      expect(dump(s.db)).toEqual(before);
      expect(totals(s.db)).toEqual(totalsBefore);
      // the session survives too
      const info = await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json();
      expect(info.result.id).toBe(ALICE.id);
      // Bob's remaining 0.3 is back on the book: Alice can take it.
      const take = await signed(s.url, ALICE, 'POST', '/v5/order/create', { ...body, side: 'Buy', orderType: 'Limit', qty: '0.3', price: '97000', timeInForce: 'IOC' });
      expect(take.body.retCode).toBe(0);
      expect(BigInt(take.body.result.orderId)).toBeGreaterThan(BigInt(sell.body.result.orderId));
      const bob = await signed(s.url, BOB, 'GET', '/v5/order/history', { ...body, orderLinkId: 'keep-1' });
      expect(bob.body.result.list[0]).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.500000' });
      // the waiting stop order is still waiting, and still triggers
      const waiting = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { ...body, orderId: stop.body.result.orderId });
      expect(waiting.body.result.list[0].orderStatus).toBe('Untriggered');
      expect(s.trading.triggers.size).toBe(1);
      expect(totals(s.db)).toEqual(totalsBefore);
      await s.stop();
    } finally {
      removeDir(dir);
    }
  });

  test('SIGKILL of the real server mid-burst: after restart every asset still adds up and locks match open orders', async () => {
    const dir = tempDir();
    try {
      let server = await spawnServer(dir);
      const seedTotals = await readTotals(dir);
      const sends: Array<Promise<unknown>> = [];
      for (let i = 0; i < 150; i++) {
        const who = i % 2 ? ALICE : BOB;
        const side = i % 2 ? 'Buy' : 'Sell';
        const body = i % 5 === 0
          ? { category: 'spot', symbol: 'BTCUSDT', side, orderType: 'Market', qty: side === 'Buy' ? '50' : '0.0005' }
          : { category: 'spot', symbol: 'BTCUSDT', side, orderType: 'Limit', qty: '0.001', price: side === 'Buy' ? '120000' : '80000', timeInForce: 'IOC' };
        sends.push(signed(server.url, who, 'POST', '/v5/order/create', body).catch(() => undefined));
        // The first 40 complete; the rest are in flight when the process dies.
        if (i === 39) await Promise.all(sends);
      }
      await new Promise((r) => setTimeout(r, 15));
      server.proc.kill('SIGKILL');
      await Promise.all(sends);
      await server.exited;
      const afterKill = await readTotals(dir);
      expect(afterKill).toEqual(seedTotals);
      const check = openDb(dir);
      // The burst really traded against the simulated book before the kill.
      expect((check.prepare('SELECT COUNT(*) AS n FROM executions').get() as { n: number }).n).toBeGreaterThan(0);
      check.close();
      server = await spawnServer(dir);
      const r = await signed(server.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', openOnly: '1', limit: '50' });
      expect(r.body.retCode).toBe(0);
      expect(r.body.result.list.length).toBeGreaterThan(0);
      server.proc.kill('SIGTERM');
      await server.exited;
      expect(await readTotals(dir)).toEqual(seedTotals);
    } finally {
      removeDir(dir);
    }
  }, 30_000);
});

async function readTotals(dir: string): Promise<Map<string, bigint>> {
  const db = openDb(dir);
  try {
    const open = db.prepare(`SELECT user_id, lock_coin, lock_amount FROM orders WHERE status IN ('New','PartiallyFilled','Untriggered','Triggered')`).all() as Array<{ user_id: number; lock_coin: string; lock_amount: string }>;
    const locks = new Map<string, bigint>();
    for (const o of open) if (o.lock_coin) locks.set(`${o.user_id}/${o.lock_coin}`, (locks.get(`${o.user_id}/${o.lock_coin}`) ?? 0n) + toUnits(o.lock_amount));
    for (const b of db.prepare('SELECT * FROM balances').all() as Array<{ user_id: number; coin: string; available: string; locked: string }>) {
      expect(b.available.startsWith('-') || b.locked.startsWith('-')).toBe(false);
      expect(toUnits(b.locked)).toBe(locks.get(`${b.user_id}/${b.coin}`) ?? 0n);
    }
    return totals(db);
  } finally {
    db.close();
  }
}

/** The real entry point (exchange + accounts) in its own process, so it can be killed hard. */
async function spawnServer(dir: string): Promise<{ url: string; proc: ChildProcess; exited: Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', dir, '--quiet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/[\d.]+:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.once('exit', () => reject(new Error(`server exited: ${out}`)));
  });
  return { url, proc, exited };
}
