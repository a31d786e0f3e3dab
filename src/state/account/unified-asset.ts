// Spec 4.13: unified balance polling. While the order form shows a pair to a logged-in unified
// account on a visible page, the form's symbol, side, margin switch and limit price are read from
// "get unified asset" (7.2): once (then the wallet push takes over) or, when the exchange forces
// it, at its interval; off at intervals of 3,000 ms or less (core/balance-poll.ts).
import { balancePollPlan, readPollConfig } from '../../core/balance-poll.ts';
import { fetchUnifiedAsset, type UnifiedAssetQuery } from '../../api/unified-asset.ts';
import { setBalances } from './balances.ts';
import { createPoll, pageVisible } from '../poll.ts';
import { effect, signal } from '../signals.ts';
import { user } from './user.ts';

/** Reads applied since the page loaded. */
export const balancePollReads = signal(0);

// When the logged-in account became the one it is (spec 4.13's "the account has just changed").
let account: { id: number | null; since: number } = { id: null, since: 0 };
effect(() => {
  const u = user.value;
  const id = u.userState === 1 ? u.id : null;
  if (id !== account.id) account = { id, since: Date.now() };
});

/**
 * Polls for `q` while the conditions hold; follows the user, the page's visibility and the
 * exchange's configuration as they change. Returns the stop. A failed read leaves the balances as
 * they are (the push keeps them current) and the next planned read tries again.
 */
export function startBalancePoll(q: UnifiedAssetQuery, read: typeof fetchUnifiedAsset = fetchUnifiedAsset): () => void {
  return effect(() => {
    const u = user.value;
    const plan = balancePollPlan({
      userState: u.userState, visible: pageVisible.value, isUnified: u.isUTA, accountAgeMs: Date.now() - account.since, config: readPollConfig(u.balancePoll),
    });
    if (!plan || (!plan.readNow && plan.everyMs === null)) return;
    const poll = createPoll({
      read: (signal) => read(q, signal),
      everyMs: plan.everyMs,
      readAtStart: plan.readNow,
      initial: null,
      onData: (a) => {
        setBalances(a.balances);
        balancePollReads.value++;
      },
    });
    return poll.use();
  });
}
