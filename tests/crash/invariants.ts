// What the exchange promises about money (README, "What the exchange promises"), as checks over its
// database: the property tests run them after every random action, the crash harness after every
// restart. Each returns the broken promises in words ([] when all hold).
import type { Db } from '../../server/accounts/db.ts';
import { balanceTotals, mintedTotals } from '../../server/accounts/mints.ts';
import { botLinkPrefix } from '../../server/private/grid/engine.ts';
import { riskOf, type Holding } from '../../server/private/engines/margin-risk.ts';
import type { EngineSource } from '../../server/private/engines/trading.ts';
import { fx, fxMul, fxPlain } from '../../src/core/decimal.ts';
import { OPEN_STATUS_SQL, isFinalStatus } from '../../src/protocol/bybit-v5/vocabulary.ts';
import type { OrderRow } from '../../server/private/rows/orders.ts';

const n = (s: string | null | undefined): bigint => (s ? (fx(s) ?? 0n) : 0n);
const STRATEGY_CREATE_TYPES = "('CreateByTWAP', 'CreateByIceBerg', 'CreateByChaseOrder')";

/** 1. Per coin, the balances of every account add up to what was minted, nothing more or less. */
export function conservation(db: Db): string[] {
  const out: string[] = [];
  const minted = mintedTotals(db);
  const held = balanceTotals(db);
  for (const coin of new Set([...minted.keys(), ...held.keys()])) {
    const m = minted.get(coin) ?? 0n;
    const h = held.get(coin) ?? 0n;
    if (m !== h) out.push(`${coin}: balances ${fxPlain(h)} but minted ${fxPlain(m)} (${fxPlain(h - m)} unrecorded)`);
  }
  return out;
}

/** 2. No balance, lock or loan below zero. */
export function nothingNegative(db: Db): string[] {
  const out: string[] = [];
  for (const b of db.prepare('SELECT user_id, coin, available, locked FROM balances').all() as Array<{ user_id: number; coin: string; available: string; locked: string }>) {
    if (n(b.available) < 0n || n(b.locked) < 0n) out.push(`balance ${b.user_id}/${b.coin} ${b.available} / ${b.locked}`);
  }
  for (const l of db.prepare('SELECT user_id, coin, amount, interest FROM liabilities').all() as Array<{ user_id: number; coin: string; amount: string; interest: string }>) {
    if (n(l.amount) < 0n || n(l.interest) < 0n) out.push(`loan ${l.user_id}/${l.coin} ${l.amount} + ${l.interest}`);
  }
  return out;
}

/** 3. What each account has locked is exactly what its open orders and its leveraged-token orders in progress hold. */
export function locksMatchOrders(db: Db): string[] {
  const want = new Map<string, bigint>();
  const add = (user: number, coin: string, amt: bigint) => {
    if (coin === '' || amt === 0n) return;
    const k = `${user}/${coin}`;
    want.set(k, (want.get(k) ?? 0n) + amt);
  };
  for (const o of db.prepare(`SELECT user_id, lock_coin, lock_amount FROM orders WHERE status IN (${OPEN_STATUS_SQL})`).all() as Array<{ user_id: number; lock_coin: string; lock_amount: string }>) {
    add(o.user_id, o.lock_coin, n(o.lock_amount));
  }
  for (const o of db.prepare('SELECT user_id, lt_coin, order_type, amount FROM lt_orders WHERE status = 2').all() as Array<{ user_id: number; lt_coin: string; order_type: number; amount: string }>) {
    add(o.user_id, o.order_type === 1 ? 'USDT' : o.lt_coin, n(o.amount));
  }
  const out: string[] = [];
  const seen = new Set<string>();
  for (const b of db.prepare('SELECT user_id, coin, locked FROM balances').all() as Array<{ user_id: number; coin: string; locked: string }>) {
    const k = `${b.user_id}/${b.coin}`;
    seen.add(k);
    if (n(b.locked) !== (want.get(k) ?? 0n)) out.push(`locked ${k} is ${b.locked}, its orders hold ${fxPlain(want.get(k) ?? 0n)}`);
  }
  for (const [k, v] of want) if (!seen.has(k)) out.push(`orders of ${k} hold ${fxPlain(v)} with no balance row`);
  return out;
}

/**
 * 4. No account's equity is below zero, except after a liquidation that recorded the shortfall.
 * `price` is the margin service's mark price (call its tick first: the exchange does every second).
 */
export function equityCovered(db: Db, price: (coin: string) => bigint): string[] {
  const out: string[] = [];
  const users = db.prepare(`SELECT DISTINCT user_id FROM liabilities WHERE amount NOT IN ('0', '') OR interest NOT IN ('0', '')`).all() as Array<{ user_id: number }>;
  for (const { user_id: user } of users) {
    const holdings = new Map<string, Holding>();
    for (const b of db.prepare('SELECT coin, available, locked FROM balances WHERE user_id = ?').all(user) as Array<{ coin: string; available: string; locked: string }>) {
      holdings.set(b.coin, { coin: b.coin, wallet: n(b.available) + n(b.locked), owed: 0n });
    }
    for (const l of db.prepare('SELECT coin, amount, interest FROM liabilities WHERE user_id = ?').all(user) as Array<{ coin: string; amount: string; interest: string }>) {
      const h = holdings.get(l.coin) ?? { coin: l.coin, wallet: 0n, owed: 0n };
      h.owed = n(l.amount) + n(l.interest);
      holdings.set(l.coin, h);
    }
    const r = riskOf([...holdings.values()], price, 2);
    if (r.equity >= 0n) continue;
    const last = db.prepare('SELECT detail FROM liquidations WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(user) as { detail: string } | undefined;
    const shortfall = last ? ((JSON.parse(last.detail) as { shortfall?: unknown[] }).shortfall ?? []) : [];
    if (shortfall.length === 0) out.push(`equity of ${user} is ${fxPlain(r.equity)} USD with no liquidation shortfall on record`);
  }
  return out;
}

/**
 * 5. A grid bot's figures are its orders' money: free quote (base) = investment + what its ended
 * orders traded − what its open orders hold. A cost taken twice, or a fill returned twice, breaks it.
 */
export function gridBooks(db: Db): string[] {
  const out: string[] = [];
  const runs = db.prepare(`SELECT * FROM grid_runs WHERE state NOT IN ('REJECTED')`).all() as Array<Record<string, string | number>>;
  for (const run of runs) {
    const botId = String(run.bot_id);
    const orders = db.prepare(`SELECT * FROM orders WHERE user_id = ? AND order_link_id LIKE ? || '%'`).all(run.user_id, botLinkPrefix(botId)) as OrderRow[];
    let quote = n(String(run.quote_investment));
    let base = n(String(run.base_investment));
    for (const o of orders) {
      if (!o.order_link_id.slice(botLinkPrefix(botId).length).match(/^[cm]\d/)) continue;
      if (isFinalStatus(o.status)) {
        // What it traded: a buy spent its value and got its quantity less the fee; a sell the reverse.
        if (o.side === 'Buy') {
          quote -= n(o.cum_exec_value);
          base += n(o.cum_exec_qty) - n(o.cum_exec_fee);
        } else {
          quote += n(o.cum_exec_value) - n(o.cum_exec_fee);
          base -= n(o.cum_exec_qty);
        }
      } else {
        // An open order holds what the bot set aside for it, whatever part has filled.
        if (o.side === 'Buy') quote -= fxMul(n(o.qty), n(o.price));
        else base -= n(o.qty);
      }
    }
    if (quote !== n(String(run.quote_free)) || base !== n(String(run.base_free))) {
      out.push(`grid bot ${botId} (${run.state}) says free ${run.quote_free} quote / ${run.base_free} base; its orders say ${fxPlain(quote)} / ${fxPlain(base)}`);
    }
  }
  return out;
}

/** 6. Every strategy child order belongs to its strategy, and no strategy bought or sold more than its size. */
export function strategyChildren(db: Db): string[] {
  const out: string[] = [];
  const orphans = db
    .prepare(`SELECT o.order_id, o.create_type FROM orders o LEFT JOIN strategy_orders c ON c.order_id = o.order_id WHERE o.create_type IN ${STRATEGY_CREATE_TYPES} AND c.order_id IS NULL`)
    .all() as Array<{ order_id: string; create_type: string }>;
  for (const o of orphans) out.push(`${o.create_type} order ${o.order_id} belongs to no strategy`);
  for (const s of db.prepare('SELECT strategy_id, size FROM strategies').all() as Array<{ strategy_id: string; size: string }>) {
    const filled = (db.prepare('SELECT o.cum_exec_qty AS q FROM strategy_orders c JOIN orders o ON o.order_id = c.order_id WHERE c.strategy_id = ?').all(s.strategy_id) as Array<{ q: string }>).reduce(
      (sum, r) => sum + n(r.q),
      0n,
    );
    if (filled > n(s.size)) out.push(`strategy ${s.strategy_id} of size ${s.size} filled ${fxPlain(filled)}`);
  }
  return out;
}

/** 7. After a restart: every open resting order is on its book with what is left of it. */
export function booksMatchOrders(db: Db, engines: EngineSource): string[] {
  const out: string[] = [];
  const rows = db.prepare(`SELECT * FROM orders WHERE status IN ('New', 'PartiallyFilled') AND order_type = 'Limit'`).all() as OrderRow[];
  for (const o of rows) {
    const e = engines(o.symbol);
    const view = e?.getOrder(o.order_id);
    if (!view) out.push(`open order ${o.order_id} (${o.symbol}) is not on the book`);
  }
  return out;
}

/** 8. An order is open only while something of it is left; a limit order whose last fill came is Filled with it. */
export function openOrdersHaveLeaves(db: Db): string[] {
  const rows = db.prepare(`SELECT order_id, qty, cum_exec_qty, status FROM orders WHERE status IN ('New', 'PartiallyFilled') AND order_type = 'Limit'`).all() as Array<{ order_id: string; qty: string; cum_exec_qty: string; status: string }>;
  return rows.filter((o) => n(o.cum_exec_qty) >= n(o.qty)).map((o) => `order ${o.order_id} is ${o.status} with ${o.cum_exec_qty} of ${o.qty} filled`);
}

/** 9. Every order a liquidation cancelled is on that liquidation's record (no half liquidation). */
export function liquidationsRecorded(db: Db): string[] {
  const listed = new Set<string>();
  for (const l of db.prepare('SELECT detail FROM liquidations').all() as Array<{ detail: string }>) {
    for (const id of (JSON.parse(l.detail) as { cancelled?: string[] }).cancelled ?? []) listed.add(id);
  }
  const cancelled = db.prepare(`SELECT order_id FROM orders WHERE cancel_type = 'CancelAllBeforeLiq'`).all() as Array<{ order_id: string }>;
  return cancelled.filter((o) => !listed.has(o.order_id)).map((o) => `order ${o.order_id} was cancelled for a liquidation that is not on record`);
}

/** Every promise that holds at any quiet moment (1–6, 8, 9). */
export function allInvariants(db: Db, price: (coin: string) => bigint): string[] {
  return [
    ...conservation(db), ...nothingNegative(db), ...locksMatchOrders(db), ...equityCovered(db, price), ...gridBooks(db), ...strategyChildren(db),
    ...openOrdersHaveLeaves(db), ...liquidationsRecorded(db),
  ];
}
