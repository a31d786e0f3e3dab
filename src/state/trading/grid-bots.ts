// The user's running grid bots (spec 2.14, 4.9, 7.7 "Polling: the grid-bot list every 3 s"); their
// ranges on the chart are the chart room's (state/chart/grid-overlay.ts). Hidden for demo and
// copy-trading leader accounts (5.13).
import { GRID_BOT_POLL_MS } from '../../core/constants.ts';
import { GRID_LIST_RUNNING, gridBotsAllowed } from '../../core/chart/grid-bot.ts';
import { fetchGridBots, type GridBot } from '../../api/grid-bots.ts';
import { activeSymbol } from '../market/active-market.ts';
import { computed, effect, signal } from '../signals.ts';
import { isLoggedIn, user } from '../account/user.ts';

/** Running grid bots of the active pair, as last polled. */
export const gridBots = signal<readonly GridBot[]>([]);

/** Whether this user may have grid bots at all. */
export const gridBotsShown = computed(() => isLoggedIn.value && gridBotsAllowed(user.value));

/** Polls the running list of the active pair every 3 s while logged in; returns the stop function. */
export function startGridBotPoll(): () => void {
  let seq = 0;
  let key = '';
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = effect(() => {
    const symbolId = activeSymbol.value?.symbolId;
    const next = gridBotsShown.value && symbolId ? `${user.value.id ?? ''}/${symbolId}` : '';
    // A user-info refresh for the same user and pair keeps the poll (and the band) as it is.
    if (next === key) return;
    key = next;
    if (timer !== null) clearInterval(timer);
    timer = null;
    seq++;
    gridBots.value = [];
    if (!symbolId || next === '') return;
    const poll = () => {
      if (typeof document !== 'undefined' && document.hidden) return;
      const mySeq = seq;
      fetchGridBots(GRID_LIST_RUNNING, symbolId)
        .then((list) => {
          if (mySeq === seq) gridBots.value = list;
        })
        .catch(() => {
          // A failed poll keeps the last list; the next one (3 s later) tries again.
        });
    };
    poll();
    timer = setInterval(poll, GRID_BOT_POLL_MS);
  });
  return () => {
    if (timer !== null) clearInterval(timer);
    seq++;
    stop();
    gridBots.value = [];
  };
}
