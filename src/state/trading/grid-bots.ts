// The user's grid-bot lists (spec 2.14, 4.9, 7.7 "Polling: the grid-bot list every 3 s"): one poll
// per list (running or completed, one pair or all) shared by every view that shows it, so the chart's
// grid overlay (state/chart/grid-overlay.ts) and the grid-bot panel showing the running bots of the
// same pair make one read per 3 s. Hidden for demo and copy-trading leader accounts (5.13).
import { GRID_BOT_POLL_MS } from '../../core/constants.ts';
import { GRID_LIST_RUNNING, gridBotsAllowed, type GridBot } from '../../core/chart/grid-bot.ts';
import { fetchGridBots } from '../../api/grid-bots.ts';
import { closeGrid, createGrid, gridDetail, validateGrid } from '../../api/grid-tools.ts';
import type { GridCloseMode, GridCreateBody, GridValidation } from '../../protocol/grid-bots.ts';
import { activeSymbol } from '../market/active-market.ts';
import { pollPool, type PollStatus } from '../poll.ts';
import { computed, effect, signal } from '../signals.ts';
import { isLoggedIn, user } from '../account/user.ts';

export type { GridBot } from '../../core/chart/grid-bot.ts';

/** Which list: 2 running (with the just-completed, 5), 3 completed; one pair, or all when no symbol. */
export interface GridListQuery {
  status: 2 | 3;
  symbol?: string;
}

/** Whether this user may have grid bots at all. */
export const gridBotsShown = computed(() => isLoggedIn.value && gridBotsAllowed(user.value));

/** Whose lists are read: the logged-in user's id while grid bots are shown, else ''. */
const owner = computed(() => (gridBotsShown.value ? String(user.value.id ?? '') : ''));
const activeId = computed(() => activeSymbol.value?.symbolId ?? '');

type OwnedQuery = GridListQuery & { owner: string };
const NONE: readonly GridBot[] = [];
const lists = pollPool<OwnedQuery, readonly GridBot[]>(
  (q) => ({ read: () => fetchGridBots(q.status, q.symbol), everyMs: GRID_BOT_POLL_MS, initial: NONE }),
  (q) => `${q.owner}/${q.status}/${q.symbol ?? ''}`,
);

/**
 * Reads `query`'s list every 3 s (while the page is shown) for as long as the caller holds it,
 * following the logged-in user; returns the release.
 */
export function watchGridBots(query: GridListQuery): () => void {
  return effect(() => {
    const who = owner.value;
    if (!who) return;
    return lists.use({ ...query, owner: who });
  });
}

/** `query`'s list as last read (empty until the first answer, or while nobody reads it). */
export function gridBotList(query: GridListQuery): readonly GridBot[] {
  const who = owner.value;
  return who ? lists.data({ ...query, owner: who }, NONE) : NONE;
}

/** Whether `query`'s list is being read and its last failure. */
export function gridBotListStatus(query: GridListQuery): PollStatus {
  const who = owner.value;
  return lists.status({ ...query, owner: who });
}

/** Running grid bots of the active pair, as last read (the chart's grid overlay). */
export const gridBots = computed<readonly GridBot[]>(() => (activeId.value ? gridBotList({ status: GRID_LIST_RUNNING, symbol: activeId.value }) : NONE));

/** Reads the running list of the active pair while a chart is shown; returns the stop function. */
export function startGridBotPoll(): () => void {
  return effect(() => {
    const symbol = activeId.value;
    if (!symbol) return;
    return watchGridBots({ status: GRID_LIST_RUNNING, symbol });
  });
}

/** Reads every list shown now again (after a bot was created or closed). */
export function refreshGridBots(): Promise<void> {
  return lists.refresh();
}

export type { GridCloseMode } from '../../protocol/grid-bots.ts';
export { GRID_CLOSE_MODES } from '../../protocol/grid-bots.ts';

/**
 * Closes a bot (close_mode 2 to base, 3 to quote, 4 as is, spec 4.9); every list shown is read again
 * whatever the answer. Resolves with the exchange's refusal, or null once it closed it.
 */
export async function closeGridBot(botId: string, mode: GridCloseMode): Promise<GridCloseResult> {
  try {
    await closeGrid(botId, mode);
  } catch (err) {
    void refreshGridBots();
    return { refused: err instanceof Error ? err.message : String(err) };
  }
  void refreshGridBots();
  // What the close settled, as the exchange reports it afterwards (issue 32: the page said only "closed").
  try {
    const d = await gridDetail(botId);
    return { refused: null, settled: { assets: parseAssets(d.settlement_assets), profit: DECIMAL.test(d.total_profit) ? d.total_profit : null } };
  } catch {
    // A bot that never ran here (a seeded one) has no detail: closed, with nothing to settle.
    return { refused: null, settled: null };
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The close's outcome: the exchange's refusal, or what it settled (null when it reports nothing). */
export type GridCloseResult =
  | { refused: string }
  | { refused: null; settled: { assets: Array<{ amount: string; coin: string }>; profit: string | null } | null };

/** Bybit's settlement_assets ("2999.31486374 USDT, 0.000000613 BTC") as amounts with their coins; nothing else. */
export function parseAssets(text: string): Array<{ amount: string; coin: string }> {
  const out: Array<{ amount: string; coin: string }> = [];
  for (const part of (text ?? '').split(',')) {
    const m = /^\s*(\d+(?:\.\d+)?)\s+([A-Z0-9]{1,16})\s*$/.exec(part);
    if (m && /[1-9]/.test(m[1]!)) out.push({ amount: m[1]!, coin: m[2]! });
  }
  return out;
}

// ---- the grid-bot form (spec 2.17): the exchange's live check of the draft, and creating the bot ----

export type { GridCheckCode, GridCreateBody, GridValidation } from '../../protocol/grid-bots.ts';
export { GRID_CHECK_OK } from '../../protocol/grid-bots.ts';

/** The exchange's check of the form's draft (validate-input), or why it could not check; null: none yet. */
export type GridCheck = { v: GridValidation } | { error: string } | null;
export const gridCheck = signal<GridCheck>(null);
/** The check waits this long after the last keystroke. */
export const GRID_CHECK_DELAY_MS = 250;
let checkSeq = 0;

/**
 * Checks `body` with the exchange a moment after the last change (null: nothing to check, the
 * check is cleared); a newer draft's check wins. Returns the cancel (the next keystroke's).
 */
export function checkGridDraft(body: GridCreateBody | null): () => void {
  const mine = ++checkSeq;
  if (!body) {
    gridCheck.value = null;
    return () => undefined;
  }
  const ctl = new AbortController();
  const timer = setTimeout(() => {
    validateGrid(body, ctl.signal).then(
      (v) => {
        if (mine === checkSeq) gridCheck.value = { v };
      },
      (err: Error) => {
        if (!ctl.signal.aborted && mine === checkSeq) gridCheck.value = { error: err.message };
      },
    );
  }, GRID_CHECK_DELAY_MS);
  return () => {
    clearTimeout(timer);
    ctl.abort();
  };
}

/** The form closed: its check goes with it. */
export function clearGridCheck(): void {
  checkSeq++;
  gridCheck.value = null;
}

/**
 * A created bot as the exchange has it right after: its state, and for a bot the exchange already
 * ended (COMPLETED: it failed to start, say) why, and what it settled.
 */
export interface GridCreated {
  id: string;
  status: string;
  /** The exchange's close_reason when it already ended the bot; null while it runs (or waits). */
  ended: { reason: string; settled: Array<{ amount: string; coin: string }> } | null;
}

/** Creates a bot; resolves with its id and state as the exchange has them (throws the exchange's refusal). */
export async function createGridBot(body: GridCreateBody): Promise<GridCreated> {
  const id = await createGrid(body);
  const d = await gridDetail(id).catch(() => null);
  void refreshGridBots();
  // Walkthrough 7 (A2): a bot whose opening failed came back COMPLETED with CLOSED_FAILED_INITIATION
  // and the page said "created: Completed". An ended bot is said as the exchange ended it.
  const ended = d && (d.status === 'COMPLETED' || d.status === 'REJECTED') ? { reason: d.close_reason || 'UNKNOWN', settled: parseAssets(d.settlement_assets) } : null;
  return { id, status: d?.status ?? 'NEW', ended };
}
