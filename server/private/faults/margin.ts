import { userIdByName } from '../../accounts/users.ts';
import { faultRoute } from '../../http/fault-api.ts';
import { parseAmount } from '../../../src/core/decimal.ts';
import type { MarginMode, RiskState } from '../../../src/protocol/bybit-v5/margin.ts';
import { HOUR_MS } from '../engines/margin.ts';
import type { RouteContext } from '../routes/context.ts';
import { liquidationsOf } from '../rows/margin.ts';

/**
 * Spot-margin test controls (only with --faults), each naming the account it touches:
 *   /faults/margin-clock {hours}               advances the margin clock (interest accrues per whole
 *                                              hour) and runs the risk engine at once
 *   /faults/margin-price {coin, price?}        sets a coin's USD mark price for margin ('' or absent:
 *                                              back to the market's last price); the risk engine runs,
 *                                              so a low enough price liquidates
 *   /faults/margin-risk {name, state}          the risk state the account reports (NORMAL, WARNING,
 *                                              OVERRUN: margin status 5, LIQUIDATION: 4; '' clears);
 *                                              it refuses new borrowing but liquidates nothing
 *   /faults/margin-mode {name, mode}           the account's margin mode (e.g. ISOLATED_MARGIN)
 *   /faults/margin-liquidations {name}         the account's liquidation records
 */
export function installMarginFaults(rc: RouteContext): void {
  const { db } = rc;
  const { margin } = rc.services;
  const userId = (b: Record<string, unknown>): number => {
    const id = userIdByName(db, b.name);
    if (id === undefined) throw new Error(`unknown account: ${String(b.name)}`);
    return id;
  };
  faultRoute(rc, 'margin-clock', (b) => {
    margin.advanceClock((b.hours as number) * HOUR_MS);
    margin.tick();
    return { now: margin.now() };
  });
  faultRoute(rc, 'margin-price', (b) => {
    const p = b.price === undefined || b.price === '' ? undefined : parseAmount(String(b.price));
    if (b.price !== undefined && b.price !== '' && (p === undefined || p <= 0n)) throw new Error('price must be a positive decimal');
    margin.setPrice(b.coin as string, p);
    margin.tick();
  });
  faultRoute(rc, 'margin-risk', (b) => {
    margin.update(userId(b), { override: b.state as RiskState | '' });
  });
  faultRoute(rc, 'margin-mode', (b) => {
    margin.update(userId(b), { mode: b.mode as MarginMode });
  });
  faultRoute(rc, 'margin-liquidations', (b) => ({
    list: liquidationsOf(db, userId(b)).map((r) => ({
      mmRate: r.mm_rate, createdTime: r.created_time, ...JSON.parse(r.detail),
    })),
  }));
}
