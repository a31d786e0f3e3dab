import { userIdByName } from '../../accounts/users.ts';
import { faultRoute } from '../../http/fault-api.ts';
import type { LtStatus } from '../../../src/protocol/bybit-v5/lever-token.ts';
import { LT_REBALANCE_MS } from '../../exchange/lt/tokens.ts';
import type { RouteContext } from '../routes/context.ts';

/**
 * Test controls of leveraged tokens (only with --faults):
 *   /faults/lever-token {ltCoin, scope?, ltStatus?, riskState?, riskSwitchStatus?, navZero?, rebalance?, clear?}
 *       the token's status (1-5; 0 clears), risk state (0, 4, 5), risk switch (0/1), a NAV of zero,
 *       a rebalance now (status 5 for its duration), or clear the overrides. With `scope` they
 *       apply only to requests and sockets carrying the cookie fault_scope=<scope> (a browser
 *       test's own page; a scoped rebalance is its status 5 only), so tests side by side never
 *       see each other's token states.
 *   /faults/lt-order {name, fail?, settleMs?, release?}
 *       the account's next `fail` orders fail when they settle; its orders settle after settleMs;
 *       `release` settles the account's orders in progress now (a test holds them with a long
 *       settleMs, looks at them in progress, then releases them: no race with a timer).
 */
export function installLeverTokenFaults(rc: RouteContext): void {
  const { db } = rc;
  const { lt } = rc.services;
  faultRoute(
    rc,
    'lever-token',
    (b) => {
      const e = lt.tokens.get(b.ltCoin as string);
      if (!e) throw new Error(`unknown token: ${String(b.ltCoin)}`);
      const scope = typeof b.scope === 'string' ? b.scope : '';
      if (b.clear === true) {
        e.overrides.delete(scope);
        if (scope === '') e.token.rebalancingUntil = 0;
      }
      const o = e.overrides.get(scope) ?? {};
      if (b.ltStatus !== undefined) o.ltStatus = b.ltStatus === 0 ? undefined : (b.ltStatus as LtStatus);
      if (b.riskState !== undefined) o.riskState = b.riskState as number;
      if (b.riskSwitchStatus !== undefined) o.riskSwitchStatus = b.riskSwitchStatus as number;
      if (b.navZero !== undefined) o.navZero = b.navZero as boolean;
      // Without a scope a real rebalance (every client sees it); with one, its status 5 only.
      if (b.rebalance === true) {
        if (scope === '') e.token.rebalance(e.token.price, Date.now());
        else o.rebalanceUntil = Date.now() + LT_REBALANCE_MS;
      }
      if (Object.keys(o).length > 0) e.overrides.set(scope, o);
      return { reference: lt.tokens.reference(e.def.coin, Date.now(), scope || undefined) };
    },
  );
  faultRoute(rc, 'lt-order', (b) => {
    const id = userIdByName(db, b.name);
    if (id === undefined) throw new Error(`unknown account: ${String(b.name)}`);
    if (b.release === true) {
      for (const orderId of lt.pendingOf(id)) lt.settle(orderId);
    }
    const f = lt.faults.get(b.name as string) ?? {};
    if (b.fail !== undefined) f.fail = b.fail as number;
    if (b.settleMs !== undefined) f.settleMs = b.settleMs as number;
    lt.faults.set(b.name as string, f);
  });
}
