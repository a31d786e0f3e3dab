// The grid-bot range on the chart (spec 3 "Grid overlay", 4.9, 5.13): where a bot's inner grid
// lines lie and who may see bots at all. Prices here only place pixels; money stays in strings.
import { plotPrice } from './plot.ts';

/** 'grade': arithmetic (equal price steps); 'other': geometric (equal ratios). */
export type GridType = 'grade' | 'other';
export const isGridType = (v: unknown): v is GridType => v === 'grade' || v === 'other';

/** List status values of spec 4.9: 2 asks for running bots, 3 for history. */
export const GRID_LIST_RUNNING = 2;
export const GRID_LIST_HISTORY = 3;
/** A bot in status 5 has just completed: it counts as completed in the running list (spec 4.9). */
export const GRID_STATUS_JUST_COMPLETED = 5;
/** Bot state labels (spec 4.9). */
export const GRID_BOT_LABELS = ['RAW', 'REJECTED', 'NEW', 'INITIALIZING', 'RUNNING', 'CANCELLING', 'COMPLETED', 'AWAIT_ACTIVATION'] as const;
export type GridBotLabel = (typeof GRID_BOT_LABELS)[number];
/** A grid bot as the list gives it (spec 2.14, 3 "Grid overlay", 4.9): prices and figures as decimal strings. */
export interface GridBot {
  botId: string;
  symbolId: string;
  minPrice: string;
  maxPrice: string;
  gridNumber: number;
  type: GridType;
  /** 2 running, 3 history, 5 just completed (spec 4.9). */
  status: number;
  support: boolean;
  /** The run's state and figures (spec 2.14, 4.9); '' (unknown) for a figure the exchange did not give. */
  label: GridBotLabel;
  closeReason: string;
  totalInvestment: string;
  gridProfit: string;
  totalProfit: string;
  /** Ratios ("0.15" is 15 %). */
  gridApr: string;
  totalApr: string;
  arbitrageNum: number;
  createdTime: number;
  endTime: number;
}

/**
 * A bot's APR is shown only after it has run this long: a profit of minutes scaled to a year says
 * nothing (seconds after creation the spread alone made −119,249.94 %: issue 32).
 */
export const GRID_APR_MIN_RUN_MS = 24 * 3600_000;

/** The APR to show for a bot at `now`: its figure once it has run GRID_APR_MIN_RUN_MS, '' (shown as unknown) before. */
export function shownApr(b: Pick<GridBot, 'totalApr' | 'createdTime' | 'endTime'>, now: number): string {
  const ranFor = (b.endTime > 0 ? b.endTime : now) - b.createdTime;
  return b.createdTime > 0 && ranFor >= GRID_APR_MIN_RUN_MS ? b.totalApr : '';
}

/** A bot with more grids than this is refused (and would be a solid block on the chart anyway). */
export const MAX_GRID_NUMBER = 200;
export const MIN_GRID_NUMBER = 2;

/**
 * The grid_number − 1 prices strictly between min and max that split the range into grid_number
 * grids: equal steps for 'grade', equal ratios otherwise. Empty for a malformed range.
 */
export function gridInnerPrices(min: number, max: number, gridNumber: number, type: GridType): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min <= 0 || max <= min || !Number.isInteger(gridNumber) || gridNumber < 1) return [];
  const out: number[] = [];
  if (type === 'grade') {
    const step = (max - min) / gridNumber;
    for (let i = 1; i < gridNumber; i++) out.push(min + step * i);
  } else {
    const ratio = Math.pow(max / min, 1 / gridNumber);
    for (let i = 1; i < gridNumber; i++) out.push(min * Math.pow(ratio, i));
  }
  return out;
}

/** The inner lines of a range given as decimal prices (the list's, the form's), as chart positions. */
export function gridInnerLines(minPrice: string, maxPrice: string, gridNumber: number, type: GridType): number[] {
  return gridInnerPrices(plotPrice(minPrice), plotPrice(maxPrice), gridNumber, type);
}

/**
 * Spec 5.13: grid bots are hidden for demo accounts and for copy-trading leaders' sub-accounts (the
 * account a leader trades for followers); a leader's main account keeps them.
 */
export function gridBotsAllowed(u: { isDemoAccount: boolean; isCopyTradingLeader: boolean; isSubAccount: boolean }): boolean {
  return !u.isDemoAccount && !(u.isCopyTradingLeader && u.isSubAccount);
}
