// The user's running grid bots (spec 2.14, 4.9, 7.7 "Polling: the grid-bot list every 3 s") and
// their ranges on the chart (spec 3 "Grid overlay", display flag 'grid'). Hidden for demo and
// copy-trading leader accounts (5.13).
import { GRID_BOT_POLL_MS } from '../core/constants.ts';
import { GRID_LIST_RUNNING, gridBotsAllowed, gridInnerPrices, type GridType } from '../core/chart/grid-bot.ts';
import { fetchGridBots, type GridBot } from '../api/grid-bots.ts';
import { activeSymbol } from './active-market.ts';
import { displayOptions, overlaysStarted } from './chart-overlays.ts';
import { computed, effect, signal } from './signals.ts';
import { isLoggedIn, user } from './user.ts';

/** Running grid bots of the active pair, as last polled. */
export const gridBots = signal<readonly GridBot[]>([]);

/** Whether this user may have grid bots at all. */
export const gridBotsShown = computed(() => isLoggedIn.value && gridBotsAllowed(user.value));

export interface GridRange {
  botId: string;
  minPrice: string;
  maxPrice: string;
  gridNumber: number;
  type: GridType;
  /** The grid_number − 1 lines inside the range. */
  inner: readonly number[];
}

/** Ranges to draw: running bots of the active pair, with the 'grid' flag on and overlays started. */
export const gridRanges = computed<readonly GridRange[]>(() => {
  const sym = activeSymbol.value;
  if (!gridBotsShown.value || !overlaysStarted.value || !displayOptions.value.grid || !sym) return [];
  return gridBots.value
    // Status 5 (just completed) comes with the running list but is no longer running (4.9).
    .filter((b) => b.symbolId === sym.symbolId && b.status === GRID_LIST_RUNNING && b.support)
    .map((b) => ({
      botId: b.botId,
      minPrice: b.minPrice,
      maxPrice: b.maxPrice,
      gridNumber: b.gridNumber,
      type: b.type,
      inner: gridInnerPrices(Number(b.minPrice), Number(b.maxPrice), b.gridNumber, b.type),
    }));
});

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
