import { userIdByName } from '../../accounts/users.ts';
import { faultRoute } from '../../http/fault-api.ts';
import type { RouteContext } from '../routes/context.ts';

/**
 * Strategy test controls (only with --faults):
 *   /faults/strategy-step {name}   the account's live strategies take their next step now, so a
 *                                  browser test sees a TWAP slice without waiting on its interval
 *                                  (a slow machine makes it slower, never late)
 */
export function installStrategyFaults(rc: RouteContext): void {
  faultRoute(rc, 'strategy-step', (b) => {
    const id = userIdByName(rc.db, b.name);
    if (id === undefined) throw new Error(`unknown account: ${String(b.name)}`);
    return { stepped: rc.services.strategies.stepNow(id) };
  });
}
