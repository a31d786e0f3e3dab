// The running grid bots' ranges on the chart (spec 3 "Grid overlay", display flag 'grid'), from the
// grid-bot list the trading room keeps (state/trading/grid-bots.ts).
import { GRID_LIST_RUNNING, gridInnerLines, type GridType } from '../../core/chart/grid-bot.ts';
import { activeSymbol } from '../market/active-market.ts';
import { computed } from '../signals.ts';
import { gridBots, gridBotsShown } from '../trading/grid-bots.ts';
import { displayOptions, overlaysStarted } from './chart-overlays.ts';

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
      inner: gridInnerLines(b.minPrice, b.maxPrice, b.gridNumber, b.type),
    }));
});

