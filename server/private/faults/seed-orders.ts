import { userIdByName } from '../../accounts/users.ts';
import { faultRoute } from '../../http/fault-api.ts';
import { marketOf } from '../market.ts';
import type { RouteContext } from '../routes/context.ts';
import { seedHistory } from '../services/seed-history.ts';

/**
 * The bench's seeding control (only with --faults):
 *   /faults/seed-orders {name, symbol, history?, trades?, open?}  a long past and many open orders
 *                                                 for that account on that symbol (seedHistory)
 */
export function installSeedOrders(rc: RouteContext): void {
  const { db } = rc;
  const { trading } = rc.services;
  faultRoute(rc, 'seed-orders', (b) => {
    const id = userIdByName(db, b.name);
    if (id === undefined) throw new Error(`unknown account: ${String(b.name)}`);
    const m = marketOf(b.symbol as string);
    if (!m) throw new Error(`unknown symbol: ${String(b.symbol)}`);
    const history = (b.history as number | undefined) ?? 0;
    const counts = { history, trades: Math.min(history, (b.trades as number | undefined) ?? history), open: (b.open as number | undefined) ?? 0 };
    const t0 = performance.now();
    seedHistory(db, trading, id, m, counts);
    return { ...counts, ms: Math.round(performance.now() - t0) };
  });
}
